export { detectLanguage } from './detect-language';
export {
  languageFallbackOf,
  languageToAnswer,
  writingLanguage,
  type WritingLanguage,
} from './writing-language';
