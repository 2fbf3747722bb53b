export {
  allows,
  checkAllMessengerHealth,
  connectionFor,
  credentialsOf,
  listMessengers,
  seedSampleMailbox,
  sendThroughMessenger,
} from './messenger-connections';
export { messengersRoutes } from './messengers.routes';
export { pruneInboundEvents, receiveMessage, receiveMessageJob } from './receive-message';
export { sendContactMessage, sendContactMessageInputSchema } from './send-contact-message';
export { pollMessengers } from './sync-messenger';
export { webhooksRoutes } from './webhooks.routes';
export {
  latestMailOf,
  latestSendOfTask,
  queueEmail,
  replySubject,
  requeueEmail,
  sendMailJob,
  sendingMailbox,
  type QueuedEmail,
  type UnsubscribeLinks,
} from './send-mail';
export { pollMailboxes, syncMailboxJob } from './sync-mailbox';
export { emailSubjectFrom } from './email-subject';
export { createMailboxWatchers, type MailboxWatchers } from './mailbox-watchers';
export {
  approvedWhatsAppTemplates,
  sendWhatsAppTemplate,
  whatsAppRefusalCode,
  whatsAppWindowOpen,
} from './whatsapp-templates';
export { createDiscordGateways, type DiscordGateways } from './discord-gateways';
export { moveContactMail } from './move-contact-mail';
