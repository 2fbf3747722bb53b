// The API keys screen's texts: a chunk of their own, fetched with the screen (lib/i18n.ts).
import apiKeys from './apiKeys.json';

export default { apiKeys };
