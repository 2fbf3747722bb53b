import {
  LEAD_CSV_MAX_BYTES,
  leadCsvFields,
  type LeadCsvField,
  type LeadImportReport,
} from '@doppel/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { CsvFileField } from '@/components/csv-file-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/select';
import { useCsvHeaders, useImportLeads } from '../../api/campaign-detail-api';
import { formatNumber } from './detail-format';

type Mapping = Partial<Record<LeadCsvField, string>>;

type Step =
  | { kind: 'choose' }
  | { kind: 'map'; fileName: string; csv: string; headers: string[]; mapping: Mapping }
  | { kind: 'report'; fileName: string; report: LeadImportReport };

const MAX_MEGABYTES = LEAD_CSV_MAX_BYTES / (1024 * 1024);

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
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const busy = headers.isPending || importLeads.isPending;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setStep({ kind: 'choose' });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      busy={busy}
      title={t('import.title')}
      description={t(`import.steps.${step.kind}`)}
      closeLabel={t('dialog.close')}
      className="md:max-w-xl"
    >
      {step.kind === 'choose' ? (
        <ChooseFile
          reading={headers.isPending}
          onCancel={() => close(false)}
          onRead={async (fileName, csv) => {
            const answer = await headers.mutateAsync(csv);
            const mapping: Mapping = { ...answer.suggestedMapping };
            setStep({ kind: 'map', fileName, csv, headers: answer.headers, mapping });
          }}
        />
      ) : step.kind === 'map' ? (
        <MapColumns
          step={step}
          importing={importLeads.isPending}
          onBack={() => setStep({ kind: 'choose' })}
          onImport={async (mapping) => {
            const report = await importLeads.mutateAsync({
              csv: step.csv,
              mapping: { ...mapping, name: mapping.name ?? '' },
            });
            setStep({ kind: 'report', fileName: step.fileName, report });
          }}
        />
      ) : (
        <ImportReport report={step.report} onDone={() => close(false)} />
      )}
    </FormDialog>
  );
}

function Footer({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2 border-t px-5 py-3">{children}</div>;
}

function ChooseFile({
  reading,
  onCancel,
  onRead,
}: {
  reading: boolean;
  onCancel: () => void;
  onRead: (fileName: string, csv: string) => Promise<void>;
}) {
  const { t } = useTranslation('campaignDetail');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t('import.errors.noFile'));
    if (file.size > LEAD_CSV_MAX_BYTES) return setError(t('import.errors.tooLarge', { max: MAX_MEGABYTES }));
    const csv = await file.text();
    if (csv.trim() === '') return setError(t('import.errors.empty'));
    try {
      await onRead(file.name, csv);
    } catch {
      // The request's own toast has said why; the file stays chosen for another try.
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        <CsvFileField
          label={t('import.file')}
          hint={t('import.fileHint', { max: MAX_MEGABYTES })}
          error={error ?? undefined}
          file={file}
          onFile={(chosen) => {
            setError(null);
            setFile(chosen);
          }}
        />
      </div>
      <Footer>
        <Button variant="outline" onClick={onCancel} disabled={reading}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" loading={reading}>
          {t('import.next')}
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
  onImport: (mapping: Mapping) => Promise<void>;
}) {
  const { t } = useTranslation('campaignDetail');
  const [mapping, setMapping] = useState<Mapping>(step.mapping);
  const [nameMissing, setNameMissing] = useState(false);
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!mapping.name) return setNameMissing(true);
    // Only the chosen columns go out: an empty choice means "not imported".
    const chosen = Object.fromEntries(Object.entries(mapping).filter(([, header]) => header)) as Mapping;
    try {
      await onImport(chosen);
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
            <p>{t('import.errors.noHeaders')}</p>
          </Notice>
        </div>
        <Footer>
          <Button variant="outline" onClick={onBack}>
            {t('import.back')}
          </Button>
        </Footer>
      </div>
    );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <fieldset className="grid gap-4 overflow-y-auto px-5 py-4" aria-labelledby={headingId}>
        <legend id={headingId} className="text-sm text-muted-foreground">
          {t('import.mapLegend', { file: step.fileName })}
        </legend>
        {leadCsvFields.map((field) => (
          <FormField
            key={field}
            label={
              field === 'name'
                ? t('import.requiredField', { field: t(`addLead.fields.${field}`) })
                : t(`addLead.fields.${field}`)
            }
            error={field === 'name' && nameMissing ? t('import.errors.nameColumn') : undefined}
          >
            {(control) => (
              <Select
                {...control}
                value={mapping[field] ?? ''}
                onChange={(event) => {
                  if (field === 'name') setNameMissing(false);
                  setMapping((current) => ({ ...current, [field]: event.target.value }));
                }}
              >
                <option value="">{t('import.notImported')}</option>
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
          {t('import.back')}
        </Button>
        <Button type="submit" loading={importing}>
          {t('import.submit')}
        </Button>
      </Footer>
    </form>
  );
}

function ImportReport({ report, onDone }: { report: LeadImportReport; onDone: () => void }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const language = i18n.language;
  const figures: Array<[string, number]> = [
    [t('import.report.imported'), report.imported],
    [t('import.report.duplicates'), report.duplicates],
    [t('import.report.rejected'), report.rejected.length],
  ];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        <Notice variant={report.rejected.length > 0 ? 'warning' : 'success'} role="status">
          {report.rejected.length > 0 ? (
            <CircleAlert aria-hidden="true" />
          ) : (
            <CircleCheck aria-hidden="true" />
          )}
          <p>{t('import.report.summary', { value: formatNumber(report.imported, language) })}</p>
        </Notice>
        <dl className="grid grid-cols-3 gap-3">
          {figures.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatNumber(value, language)}</dd>
            </div>
          ))}
        </dl>
        {report.rejected.length > 0 ? (
          <div className="max-h-64 overflow-y-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('import.report.rejectedCaption')}</caption>
              <thead className="sticky top-0 border-b bg-subtle text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="w-20 px-3 py-2 font-medium">
                    {t('import.report.line')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('import.report.reason')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rejected.map((row) => (
                  <tr key={row.row} className="border-b last:border-b-0">
                    <td className="px-3 py-2 tabular-nums">{formatNumber(row.row, language)}</td>
                    <td className="px-3 py-2 break-words">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      <Footer>
        <Button onClick={onDone}>{t('import.done')}</Button>
      </Footer>
    </div>
  );
}
