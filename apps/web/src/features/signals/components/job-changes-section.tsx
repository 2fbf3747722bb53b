import { FileSpreadsheet, UserRoundPen } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useJobChanges } from '../api/signals-api';
import type { JobChangesTab } from './job-changes-dialog';
import { ItemList } from './source-items';

/** Job changes have no source: their own section, its two ways in, and the recent ones. */
export function JobChangesSection({ onOpen }: { onOpen: (tab: JobChangesTab) => void }) {
  const { t } = useTranslation('signals');
  const headingId = useId();
  const changes = useJobChanges();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2 id={headingId} className="text-base font-semibold">
            {t('jobChanges.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('jobChanges.description')}</p>
        </div>
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <Button variant="outline" size="sm" onClick={() => onOpen('manual')}>
            <UserRoundPen aria-hidden="true" />
            {t('jobChanges.add')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onOpen('import')}>
            <FileSpreadsheet aria-hidden="true" />
            {t('jobChanges.importCsv')}
          </Button>
        </div>
      </div>
      <ItemList query={changes} label={t('jobChanges.recent')} empty={t('jobChanges.empty')} />
    </section>
  );
}
