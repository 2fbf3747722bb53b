import { useTranslation } from 'react-i18next';
import { SearchField } from '@/components/search-field';

/** The 'Search campaigns...' field; the page debounces what is typed. Escape clears it. */
export function CampaignSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('campaigns');
  return (
    <SearchField
      value={value}
      onChange={onChange}
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      clearLabel={t('search.clear')}
      className="sm:max-w-xs"
    />
  );
}
