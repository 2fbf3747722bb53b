export { recordJobChange } from './job-changes';
export { signalsPollJob } from './poll-signal-source';
export { signalsRoutes } from './signals.routes';
export { seedSampleSignals } from './sample-signals';
