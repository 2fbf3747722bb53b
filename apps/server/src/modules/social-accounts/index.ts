export {
  disconnectSocialAccount,
  finishSocialConnect,
  hasSocialAccount,
  listSocialAccounts,
  removeSocialApp,
  saveSocialApp,
  startSocialConnect,
} from './social-accounts';
export {
  publishWithAccount,
  redditReaderFor,
  SocialAccountUnavailable,
  type Publication,
  type PublishOutcome,
  type RedditReader,
} from './use-social-account';
export { socialAccountsRoutes } from './social-accounts.routes';
