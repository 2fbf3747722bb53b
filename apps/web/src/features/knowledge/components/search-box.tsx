import { useTranslation } from 'react-i18next';
import { SearchField } from '@/components/search-field';

/** The knowledge-base search field; the page debounces what is typed, Enter searches at once. */
export function SearchBox({
  value,
  onChange,
  onSubmit,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('knowledge');
  return (
    <SearchField
      value={value}
      onChange={onChange}
      onSubmit={onSubmit}
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      clearLabel={t('search.clear')}
      className="sm:max-w-sm"
    />
  );
}
