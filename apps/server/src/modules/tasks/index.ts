export { countTasks } from './count-tasks';
export { refineTaskAnalysisLater } from './refine-task-analysis';
export { answerContactReply } from './reply-tasks';
export { retryTaskDelivery, sendTaskMessage, sendTaskOnItsOwn, showEmailDelivery } from './send-task-message';
export { createTask, saveTaskResponses } from './task-commands';
export { draftRequestForTask, generateTaskDrafts, proactiveIntent, startTaskDraft } from './task-drafts';
export { getTask, listTasks } from './task-queries';
export { insertSampleTasks, insertTask, setTaskStatus } from './task-records';
export { tasksRoutes } from './tasks.routes';
