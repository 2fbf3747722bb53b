export { OFFLINE_ENGINE, withAnalysis } from './analyze-task';
export {
  LANGUAGE_NAMES,
  describeSubject,
  subjectOf,
  subjectSearchText,
  taskSearchText,
  type HistoryLine,
  type Subject,
} from './draft-prompt';
export { analyzeWithModel, translateWithModel } from './model-analysis';
export type { Voice } from './persona-voice';
