import {
  importJobChangesInputSchema,
  JOB_CHANGE_CSV_MAX_BYTES,
  jobChangeCsvFields,
  type JobChangeImportReport,
} from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { CsvImportReport } from '@/components/csv-import/csv-import-report';
import { CsvImportWizard } from '@/components/csv-import/csv-import-wizard';
import { Button } from '@/components/ui/button';
import { isOneOf } from '@/lib/utils';
import type { useImportJobChanges } from '../api/signals-api';
import { guessJobChangeMapping, readCsvHeaders } from '../utils/job-change-csv';
import { formatCount } from '../utils/signal-format';
import { signalMessageValues } from './signal-messages';

/** The fields a file must have a column for. */
const REQUIRED_FIELDS = new Set<string>(['name', 'newCompany']);
const MAPPING_RULES = importJobChangesInputSchema.shape.mapping.unwrap();

/**
 * Import from CSV: choose a file (read here as text) → map its columns to the job-change fields
 * (prefilled from the usual header names; name and new company required) → import → the
 * report: tasks made, changes already recorded, and each rejected row's line and reason.
 */
export function JobChangeImport({
  importChanges,
  onClose,
}: {
  importChanges: ReturnType<typeof useImportJobChanges>;
  onClose: () => void;
}) {
  const { t } = useTranslation('signals');
  return (
    <CsvImportWizard
      texts={{
        intro: t('jobChanges.import.columns'),
        file: t('jobChanges.import.file'),
        fileHint: t('jobChanges.import.fileHint', { max: JOB_CHANGE_CSV_MAX_BYTES / (1024 * 1024) }),
        next: t('jobChanges.import.next'),
        cancel: t('dialog.cancel'),
        mapLegend: (file) => t('jobChanges.import.mapLegend', { file }),
        requiredField: (field) => t('jobChanges.import.requiredField', { field }),
        notImported: t('jobChanges.import.notImported'),
        noHeaders: t('jobChanges.import.noHeaders'),
        back: t('jobChanges.import.back'),
        submit: t('jobChanges.import.submit'),
        importing: t('jobChanges.import.importing'),
      }}
      messages="jobChangeImport"
      messageValues={signalMessageValues}
      maxBytes={JOB_CHANGE_CSV_MAX_BYTES}
      readColumns={(csv) => {
        const headers = readCsvHeaders(csv);
        return Promise.resolve({ headers, mapping: guessJobChangeMapping(headers) });
      }}
      fields={jobChangeCsvFields.map((name) => ({
        name,
        label: t(`jobChanges.fields.${name}`),
        required: REQUIRED_FIELDS.has(name),
      }))}
      rules={MAPPING_RULES}
      importing={importChanges.isPending}
      onImport={(csv, mapping) => importChanges.mutateAsync({ csv, mapping })}
      report={(report, again) => <ImportReport report={report} onAgain={again} onDone={onClose} />}
      onCancel={onClose}
    />
  );
}

function ImportReport({
  report,
  onAgain,
  onDone,
}: {
  report: JobChangeImportReport;
  onAgain: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('signals');
  return (
    <CsvImportReport
      summary={t('jobChanges.report.summary', { value: formatCount(report.created, i18n.language) })}
      figures={[
        { label: t('jobChanges.report.created'), value: report.created },
        { label: t('jobChanges.report.duplicates'), value: report.duplicates },
        { label: t('jobChanges.report.rejected'), value: report.rejected.length },
      ]}
      rejected={report.rejected.map((row) => ({
        row: row.row,
        reason: t(`jobChanges.report.problems.${row.problem}`, {
          field: isOneOf(jobChangeCsvFields, row.field) ? t(`jobChanges.fields.${row.field}`) : row.field,
          value: row.value ?? '',
        }),
      }))}
      texts={{
        rejectedCaption: t('jobChanges.report.rejectedCaption'),
        line: t('jobChanges.report.line'),
        reason: t('jobChanges.report.reason'),
      }}
      actions={
        <>
          <Button variant="outline" onClick={onAgain}>
            {t('jobChanges.import.another')}
          </Button>
          <Button onClick={onDone}>{t('dialog.done')}</Button>
        </>
      }
    />
  );
}
