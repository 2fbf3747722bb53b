import { FileSpreadsheet, UserRoundPen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useImportJobChanges, useRecordJobChange } from '../api/signals-api';
import { JobChangeForm } from './job-change-form';
import { JobChangeImport } from './job-change-import';

export type JobChangesTab = 'manual' | 'import';

const TABS: Array<{ value: JobChangesTab; icon: typeof FileSpreadsheet }> = [
  { value: 'manual', icon: UserRoundPen },
  { value: 'import', icon: FileSpreadsheet },
];

interface JobChangesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tab it opens on. */
  initialTab: JobChangesTab;
}

/**
 * Job changes: LinkedIn has no open API for them, so one is typed in by hand or many come from
 * a CSV (name, old company, new company, title, date). Each makes a congratulation task.
 */
export function JobChangesDialog({ open, onOpenChange, initialTab }: JobChangesDialogProps) {
  const { t } = useTranslation('signals');
  const record = useRecordJobChange();
  const importChanges = useImportJobChanges();
  const busy = record.isPending || importChanges.isPending;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={t('jobChanges.dialogTitle')}
      description={t('jobChanges.dialogDescription')}
      closeLabel={t('dialog.close')}
      className="md:max-w-xl"
    >
      <JobChangesTabs
        initialTab={initialTab}
        busy={busy}
        record={record}
        importChanges={importChanges}
        onClose={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

function JobChangesTabs({
  initialTab,
  busy,
  record,
  importChanges,
  onClose,
}: {
  initialTab: JobChangesTab;
  busy: boolean;
  record: ReturnType<typeof useRecordJobChange>;
  importChanges: ReturnType<typeof useImportJobChanges>;
  onClose: () => void;
}) {
  const { t } = useTranslation('signals');
  const [tab, setTab] = useState<JobChangesTab>(initialTab);
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setTab(value as JobChangesTab)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="px-5 pt-4">
        <TabsList variant="segmented-full" aria-label={t('jobChanges.ways')}>
          {TABS.map(({ value, icon: Icon }) => (
            <TabsTrigger key={value} value={value} disabled={busy && value !== tab}>
              <Icon aria-hidden="true" />
              {t(`jobChanges.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      <TabsContent value="manual" className="flex min-h-0 flex-1 flex-col rounded-lg">
        <JobChangeForm record={record} onClose={onClose} />
      </TabsContent>
      <TabsContent value="import" className="flex min-h-0 flex-1 flex-col rounded-lg">
        <JobChangeImport importChanges={importChanges} onClose={onClose} />
      </TabsContent>
    </Tabs>
  );
}
