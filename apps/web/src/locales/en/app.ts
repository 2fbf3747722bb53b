// What the signed-in app adds: fetched when the app shell is about to show.
import assistant from './assistant.json';
import billing from './billing.json';
import errorReasons from './errorReasons.json';
import instance from './instance.json';
import notifications from './notifications.json';
import security from './security.json';
import settings from './settings.json';
import shell from './shell.json';
import shortcuts from './shortcuts.json';
import tasks from './tasks.json';
import tasksBoard from './tasksBoard.json';

export default {
  shell,
  settings,
  tasks,
  assistant,
  tasksBoard,
  errorReasons,
  billing,
  instance,
  notifications,
  security,
  shortcuts,
};
