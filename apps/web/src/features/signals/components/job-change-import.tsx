import {
  importJobChangesInputSchema,
  JOB_CHANGE_CSV_MAX_BYTES,
  jobChangeCsvFields,
  type ImportJobChangesInput,
  type JobChangeCsvField,
  type JobChangeImportReport,
} from '@doppel/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvFileField } from '@/components/csv-file-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/select';
import type { useImportJobChanges } from '../api/signals-api';
import { guessJobChangeMapping, readCsvHeaders, type JobChangeMapping } from '../utils/job-change-csv';
import { formatCount } from '../utils/signal-format';
import { issuesByField, useFieldMessage } from './use-field-message';

type Step =
  | { kind: 'choose' }
  | { kind: 'map'; fileName: string; csv: string; headers: string[] }
  | { kind: 'report'; fileName: string; report: JobChangeImportReport };

/** The fields a file must have a column for. */
const REQUIRED_FIELDS = new Set<JobChangeCsvField>(['name', 'newCompany']);

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
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  if (step.kind === 'choose')
    return (
      <ChooseFile
        onCancel={onClose}
        onRead={(fileName, csv) => setStep({ kind: 'map', fileName, csv, headers: readCsvHeaders(csv) })}
      />
    );
  if (step.kind === 'map')
    return (
      <MapColumns
        step={step}
        importing={importChanges.isPending}
        onBack={() => setStep({ kind: 'choose' })}
        onImport={async (mapping) => {
          const report = await importChanges.mutateAsync({ csv: step.csv, mapping });
          setStep({ kind: 'report', fileName: step.fileName, report });
        }}
      />
    );
  return <ImportReport report={step.report} onAgain={() => setStep({ kind: 'choose' })} onDone={onClose} />;
}

function Footer({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2 border-t px-5 py-3">{children}</div>;
}

function ChooseFile({
  onCancel,
  onRead,
}: {
  onCancel: () => void;
  onRead: (fileName: string, csv: string) => void;
}) {
  const { t } = useTranslation('signals');
  const message = useFieldMessage();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [reading, setReading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reading) return;
    if (!file) return setError(t('jobChanges.import.noFile'));
    if (file.size > JOB_CHANGE_CSV_MAX_BYTES) return setError(message('csvTooLarge'));
    setReading(true);
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setReading(false);
      return setError(t('jobChanges.import.unreadable'));
    }
    setReading(false);
    if (csv.trim() === '') return setError(message('csvRequired'));
    onRead(file.name, csv);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        <p className="text-sm text-muted-foreground">{t('jobChanges.import.columns')}</p>
        <CsvFileField
          label={t('jobChanges.import.file')}
          hint={t('jobChanges.import.fileHint', { max: JOB_CHANGE_CSV_MAX_BYTES / (1024 * 1024) })}
          error={error}
          file={file}
          onFile={(chosen) => {
            setError(undefined);
            setFile(chosen);
          }}
        />
      </div>
      <Footer>
        <Button variant="outline" onClick={onCancel} disabled={reading}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" loading={reading}>
          {t('jobChanges.import.next')}
        </Button>
      </Footer>
    </form>
  );
}

function MapColumns({
  step,
  importing,
  onBack,
  onImport,
}: {
  step: Extract<Step, { kind: 'map' }>;
  importing: boolean;
  onBack: () => void;
  onImport: (mapping: ImportJobChangesInput['mapping']) => Promise<void>;
}) {
  const { t } = useTranslation('signals');
  const message = useFieldMessage();
  const legendId = useId();
  const [mapping, setMapping] = useState<JobChangeMapping>(() => guessJobChangeMapping(step.headers));
  const [missing, setMissing] = useState<Partial<Record<JobChangeCsvField, string>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (importing) return;
    // Only the chosen columns go out: an empty choice means "not imported".
    const chosen = Object.fromEntries(Object.entries(mapping).filter(([, header]) => header));
    const parsed = importJobChangesInputSchema.shape.mapping.safeParse({
      ...chosen,
      name: chosen.name ?? '',
      newCompany: chosen.newCompany ?? '',
    });
    if (!parsed.success) return setMissing(issuesByField(parsed.error.issues));
    try {
      await onImport(parsed.data);
    } catch {
      // Toasted by the request; the mapping stays for another try.
    }
  };

  if (step.headers.length === 0)
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="px-5 py-4">
          <Notice variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <p>{t('jobChanges.import.noHeaders')}</p>
          </Notice>
        </div>
        <Footer>
          <Button variant="outline" onClick={onBack}>
            {t('jobChanges.import.back')}
          </Button>
        </Footer>
      </div>
    );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <fieldset
        className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-5 py-4 md:grid-cols-2"
        aria-labelledby={legendId}
      >
        <legend id={legendId} className="mb-4 text-sm text-muted-foreground md:col-span-2">
          {t('jobChanges.import.mapLegend', { file: step.fileName })}
        </legend>
        {jobChangeCsvFields.map((field) => (
          <FormField
            key={field}
            label={
              REQUIRED_FIELDS.has(field)
                ? t('jobChanges.import.requiredField', { field: t(`jobChanges.fields.${field}`) })
                : t(`jobChanges.fields.${field}`)
            }
            error={message(missing[field])}
          >
            {(control) => (
              <Select
                {...control}
                value={mapping[field] ?? ''}
                disabled={importing}
                onChange={(event) => {
                  const header = event.target.value;
                  setMissing((current) => ({ ...current, [field]: undefined }));
                  setMapping((current) => ({ ...current, [field]: header || undefined }));
                }}
              >
                <option value="">{t('jobChanges.import.notImported')}</option>
                {step.headers.map((header) => (
                  <option key={header} value={header}>
                    {header}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ))}
      </fieldset>
      <Footer>
        <Button variant="outline" onClick={onBack} disabled={importing}>
          {t('jobChanges.import.back')}
        </Button>
        <Button type="submit" loading={importing}>
          {importing ? t('jobChanges.import.importing') : t('jobChanges.import.submit')}
        </Button>
      </Footer>
    </form>
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
  const language = i18n.language;
  const rejected = report.rejected.length;
  const figures: Array<[string, number]> = [
    [t('jobChanges.report.created'), report.created],
    [t('jobChanges.report.duplicates'), report.duplicates],
    [t('jobChanges.report.rejected'), rejected],
  ];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 gap-4 overflow-y-auto px-5 py-4">
        <Notice variant={rejected > 0 ? 'warning' : 'success'} role="status">
          {rejected > 0 ? <CircleAlert aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
          <p>{t('jobChanges.report.summary', { value: formatCount(report.created, language) })}</p>
        </Notice>
        <dl className="grid grid-cols-3 gap-3">
          {figures.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatCount(value, language)}</dd>
            </div>
          ))}
        </dl>
        {rejected > 0 ? (
          <div className="max-h-64 overflow-y-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('jobChanges.report.rejectedCaption')}</caption>
              <thead className="sticky top-0 border-b bg-subtle text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="w-20 px-3 py-2 font-medium">
                    {t('jobChanges.report.line')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('jobChanges.report.reason')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rejected.map((row) => (
                  <tr key={`${row.row}-${row.reason}`} className="border-b last:border-b-0">
                    <td className="px-3 py-2 tabular-nums">{formatCount(row.row, language)}</td>
                    <td className="px-3 py-2 break-words">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      <Footer>
        <Button variant="outline" onClick={onAgain}>
          {t('jobChanges.import.another')}
        </Button>
        <Button onClick={onDone}>{t('dialog.done')}</Button>
      </Footer>
    </div>
  );
}
