import type { DocumentCategory, DocumentType } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { FORMAT_NAMES } from '../utils/format';

/** The names of a document's category and type in the interface language. */
export function useDocumentLabels() {
  const { t } = useTranslation('knowledge');
  return {
    category: (category: DocumentCategory) => t(`categories.${category}`),
    type: (type: DocumentType) => {
      const name = FORMAT_NAMES[type];
      if (name) return name;
      return t(`types.${type as 'txt' | 'docx' | 'article' | 'link' | 'thought'}`);
    },
  };
}
