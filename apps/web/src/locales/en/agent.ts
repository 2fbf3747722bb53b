// The Agent console's texts: a chunk of their own, fetched with the screen (lib/i18n.ts).
import agent from './agent.json';

export default { agent };
