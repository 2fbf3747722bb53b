import { leadStatuses, type LeadStatus } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';

/** A lead's status as a native select, named after the lead so each row's is told apart. */
export function LeadStatusSelect({
  name,
  value,
  disabled,
  onChange,
}: {
  name: string;
  value: LeadStatus;
  disabled?: boolean;
  onChange: (status: LeadStatus) => void;
}) {
  const { t } = useTranslation('campaignDetail');
  return (
    <Select
      aria-label={t('leads.statusOf', { name })}
      value={value}
      disabled={disabled}
      className="min-w-36"
      onChange={(event) => onChange(event.target.value as LeadStatus)}
    >
      {leadStatuses.map((status) => (
        <option key={status} value={status}>
          {t(`leadStatus.${status}`)}
        </option>
      ))}
    </Select>
  );
}
