export {
  allows,
  checkAllMessengerHealth,
  connectionFor,
  credentialsOf,
  listMessengers,
  sendThroughMessenger,
} from './messenger-connections';
export { messengersRoutes } from './messengers.routes';
export { pruneInboundEvents, receiveMessage, receiveMessageJob } from './receive-message';
export { sendContactMessage, sendContactMessageInputSchema } from './send-contact-message';
export { pollMessengers } from './sync-messenger';
export { webhooksRoutes } from './webhooks.routes';
