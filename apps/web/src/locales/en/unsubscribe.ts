// The unsubscribe page's texts (/unsubscribe, opened from a campaign email): fetched with that
// page only (lib/i18n.ts).
import unsubscribe from './unsubscribe.json';

export default { unsubscribe };
