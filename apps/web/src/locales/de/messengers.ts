// The messenger integrations' texts (Settings → Messengers): fetched with that tab (lib/i18n.ts).
import messengers from './messengers.json';

export default { messengers };
