// The Growth and Signals screens' texts (campaign list, wizard, detail; signal sources): one
// chunk, fetched with those screens (lib/i18n.ts).
import campaignDetail from './campaignDetail.json';
import campaigns from './campaigns.json';
import signals from './signals.json';

export default { campaigns, campaignDetail, signals };
