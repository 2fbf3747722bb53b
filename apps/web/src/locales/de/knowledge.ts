// The Knowledge screen's texts: a chunk of their own, fetched with the screen (lib/i18n.ts).
import knowledge from './knowledge.json';

export default { knowledge };
