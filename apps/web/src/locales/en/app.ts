// What the signed-in app adds: fetched when the app shell is about to show.
import settings from './settings.json';
import shell from './shell.json';

export default { shell, settings };
