export { campaignsRoutes } from './campaigns.routes';
export { markLeadContacted, markLeadsResponded } from './engage-leads';
export { campaignRunJob } from './run-campaign';
export { sequenceJob, stepMailSettled, stepSent, stopOnReply } from './sequence';
export { recordTouch } from './touch-budget';
export { seedSampleCampaigns } from './sample-campaigns';
export { recordBounces, unsubscribeByMail, unsubscribeLinks } from './email-opt-outs';
export { unsubscribeRoutes } from './unsubscribe.routes';
export { moveContactLeads } from './move-contact-leads';
