export { avatarFileRoutes } from './avatar.routes';
export { profileRoutes } from './profile.routes';
