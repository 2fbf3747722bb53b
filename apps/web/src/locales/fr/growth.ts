// The Growth screens' texts (list, wizard, detail): one chunk, fetched with the screens (lib/i18n.ts).
import campaignDetail from './campaignDetail.json';
import campaigns from './campaigns.json';

export default { campaigns, campaignDetail };
