import {
  importLeadsCsvInputSchema,
  LEAD_CSV_MAX_BYTES,
  leadCsvFields,
  type LeadImportReport,
} from '@doppel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvImportReport } from '@/components/csv-import/csv-import-report';
import { CsvImportWizard, type CsvImportStep } from '@/components/csv-import/csv-import-wizard';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { isOneOf } from '@/lib/utils';
import { useCsvHeaders, useImportLeads } from '../../api/campaign-detail-api';
import { formatNumber } from './detail-format';

const MAX_MEGABYTES = LEAD_CSV_MAX_BYTES / (1024 * 1024);
const MAPPING_RULES = importLeadsCsvInputSchema.shape.mapping;

/**
 * Import CSV: choose a file (.csv, at most LEAD_CSV_MAX_BYTES, read here as text) → map its
 * columns to lead fields (name required; prefilled with the server's guess) → import → the
 * report: how many were imported, how many were already leads, and each rejected row's line
 * and reason.
 */
export function ImportLeadsDialog({
  campaignId,
  open,
  onOpenChange,
}: {
  campaignId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('campaignDetail');
  const headers = useCsvHeaders(campaignId);
  const importLeads = useImportLeads(campaignId);
  const [step, setStep] = useState<CsvImportStep>('choose');
  const busy = headers.isPending || importLeads.isPending;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setStep('choose');
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      busy={busy}
      title={t('import.title')}
      description={t(`import.steps.${step}`)}
      closeLabel={t('dialog.close')}
      className="md:max-w-xl"
    >
      <CsvImportWizard
        texts={{
          file: t('import.file'),
          fileHint: t('import.fileHint', { max: MAX_MEGABYTES }),
          next: t('import.next'),
          cancel: t('dialog.cancel'),
          mapLegend: (file) => t('import.mapLegend', { file }),
          requiredField: (field) => t('import.requiredField', { field }),
          notImported: t('import.notImported'),
          noHeaders: t('import.errors.noHeaders'),
          back: t('import.back'),
          submit: t('import.submit'),
        }}
        messages="leadImport"
        messageValues={{ max: MAX_MEGABYTES }}
        maxBytes={LEAD_CSV_MAX_BYTES}
        reading={headers.isPending}
        readColumns={async (csv) => {
          const answer = await headers.mutateAsync(csv);
          return { headers: answer.headers, mapping: answer.suggestedMapping ?? {} };
        }}
        fields={leadCsvFields.map((name) => ({
          name,
          label: t(`addLead.fields.${name}`),
          required: name === 'name',
        }))}
        rules={MAPPING_RULES}
        importing={importLeads.isPending}
        onImport={(csv, mapping) => importLeads.mutateAsync({ csv, mapping })}
        report={(report) => <ImportReport report={report} onDone={() => close(false)} />}
        onCancel={() => close(false)}
        onStepChange={setStep}
      />
    </FormDialog>
  );
}

function ImportReport({ report, onDone }: { report: LeadImportReport; onDone: () => void }) {
  const { t, i18n } = useTranslation('campaignDetail');
  return (
    <CsvImportReport
      summary={t('import.report.summary', { value: formatNumber(report.imported, i18n.language) })}
      figures={[
        { label: t('import.report.imported'), value: report.imported },
        { label: t('import.report.duplicates'), value: report.duplicates },
        { label: t('import.report.rejected'), value: report.rejected.length },
      ]}
      rejected={report.rejected.map((row) => ({
        row: row.row,
        reason: t(`import.report.problems.${row.problem}`, {
          field: isOneOf(leadCsvFields, row.field) ? t(`addLead.fields.${row.field}`) : row.field,
          value: row.value ?? '',
        }),
      }))}
      texts={{
        rejectedCaption: t('import.report.rejectedCaption'),
        line: t('import.report.line'),
        reason: t('import.report.reason'),
      }}
      actions={<Button onClick={onDone}>{t('import.done')}</Button>}
    />
  );
}
