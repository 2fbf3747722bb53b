export * from './errors';
export * from './languages';
export * from './auth';
export * from './profile';
export * from './settings';
export * from './subscription';
export * from './shell';
export * from './tasks';
