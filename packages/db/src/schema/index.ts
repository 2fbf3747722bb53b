export * from './users';
export * from './sessions';
export * from './settings';
export * from './platform';
export * from './contacts';
export * from './tasks';
export * from './ai';
export * from './agent';
