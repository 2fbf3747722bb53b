export { detectLanguage } from './detect-language';
