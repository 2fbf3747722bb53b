import { CircleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { CsvFileField } from '@/components/csv-file-field';
import type { FormMessageScope, MessageValues } from '@/components/form/field-messages';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/select';

/** Field → the CSV header it is read from; a field left out is not imported. */
export type CsvMapping<F extends string> = Partial<Record<F, string>>;

export interface CsvImportField<F extends string> {
  name: F;
  /** The field's name on screen; a required one is read with `texts.requiredField`. */
  label: string;
  /** A column must be chosen for it (the rules say with which message). */
  required?: boolean;
}

/** The wizard's texts, already translated. */
export interface CsvImportTexts {
  /** A line above the file picker (which columns the file may have). */
  intro?: string;
  file: string;
  fileHint: string;
  next: string;
  cancel: string;
  mapLegend: (fileName: string) => string;
  requiredField: (label: string) => string;
  notImported: string;
  noHeaders: string;
  back: string;
  submit: string;
  /** The submit button's text while the import runs; `submit` when not given. */
  importing?: string;
}

export type CsvImportStep = 'choose' | 'map' | 'report';

interface CsvImportWizardProps<F extends string, M extends FieldValues, R> {
  texts: CsvImportTexts;
  /** Where the problems' texts are read (components/form/field-messages.ts). */
  messages: FormMessageScope;
  messageValues?: MessageValues;
  maxBytes: number;
  /** The header line's columns and a first guess of the mapping; may ask the server (and throw). */
  readColumns: (csv: string) => Promise<{ headers: string[]; mapping: CsvMapping<F> }>;
  /** The columns are being read by the server. */
  reading?: boolean;
  /** The fields a column can be mapped to, in the order shown. */
  fields: ReadonlyArray<CsvImportField<F>>;
  /** The mapping's rules: the contract's schema for it (its required columns and their message keys). */
  rules: z.ZodType<M>;
  importing: boolean;
  /** Sends the file with its mapping; a failure is the request's own toast, and the mapping stays. */
  onImport: (csv: string, mapping: M) => Promise<R>;
  /** The last step: the report (see CsvImportReport), with a way to import another file. */
  report: (report: R, again: () => void) => ReactNode;
  onCancel: () => void;
  onStepChange?: (step: CsvImportStep) => void;
}

type WizardStep<F extends string, R> =
  | { kind: 'choose' }
  | { kind: 'map'; fileName: string; csv: string; headers: string[]; mapping: CsvMapping<F> }
  | { kind: 'report'; report: R };

/**
 * The CSV import of any list: choose a .csv file (read here as text) → map its columns to the
 * fields (prefilled with a guess; the rules say which are required) → import → the report.
 */
export function CsvImportWizard<F extends string, M extends FieldValues, R>(
  props: CsvImportWizardProps<F, M, R>,
) {
  const [step, setStep] = useState<WizardStep<F, R>>({ kind: 'choose' });
  const go = (next: WizardStep<F, R>) => {
    setStep(next);
    props.onStepChange?.(next.kind);
  };
  const again = () => go({ kind: 'choose' });

  if (step.kind === 'choose')
    return (
      <ChooseFile
        {...props}
        onRead={async (fileName, csv) => {
          const columns = await props.readColumns(csv);
          go({ kind: 'map', fileName, csv, ...columns });
        }}
      />
    );
  if (step.kind === 'map')
    return (
      <MapColumns
        {...props}
        step={step}
        onBack={again}
        onMapped={async (mapping) => go({ kind: 'report', report: await props.onImport(step.csv, mapping) })}
      />
    );
  return <>{props.report(step.report, again)}</>;
}

export function CsvImportFooter({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2 border-t px-5 py-3">{children}</div>;
}

/** The file step's rules: a file, not larger than allowed. */
function fileRules(maxBytes: number) {
  return z.object({
    file: z
      .custom<File>((value) => value instanceof File, 'fileRequired')
      .pipe(z.custom<File>((value) => (value as File).size <= maxBytes, 'csvTooLarge')),
  });
}
type FileInput = { file: File | null };

function ChooseFile<F extends string, M extends FieldValues, R>({
  texts,
  messages,
  messageValues,
  maxBytes,
  reading,
  onCancel,
  onRead,
}: CsvImportWizardProps<F, M, R> & { onRead: (fileName: string, csv: string) => Promise<void> }) {
  const { form, errorText } = useZodForm<FileInput, { file: File }>(fileRules(maxBytes), {
    messages,
    messageValues,
    defaultValues: { file: null },
  });
  const file = useWatch({ control: form.control, name: 'file' });
  const busy = form.formState.isSubmitting || Boolean(reading);

  const submit = form.handleSubmit(async ({ file: chosen }) => {
    let csv: string;
    try {
      csv = await chosen.text();
    } catch {
      return form.setError('file', { type: 'read', message: 'csvUnreadable' });
    }
    if (csv.trim() === '') return form.setError('file', { type: 'read', message: 'csvRequired' });
    try {
      await onRead(chosen.name, csv);
    } catch {
      // The request's own toast has said why; the file stays chosen for another try.
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        {texts.intro ? <p className="text-sm text-muted-foreground">{texts.intro}</p> : null}
        <CsvFileField
          label={texts.file}
          hint={texts.fileHint}
          error={errorText('file')}
          file={file}
          onFile={(chosen) => {
            form.clearErrors('file');
            form.setValue('file', chosen);
          }}
        />
      </div>
      <CsvImportFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button type="submit" loading={busy}>
          {texts.next}
        </Button>
      </CsvImportFooter>
    </form>
  );
}

function MapColumns<F extends string, M extends FieldValues, R>({
  texts,
  messages,
  messageValues,
  fields,
  rules,
  importing,
  step,
  onBack,
  onMapped,
}: CsvImportWizardProps<F, M, R> & {
  step: Extract<WizardStep<F, R>, { kind: 'map' }>;
  onBack: () => void;
  onMapped: (mapping: M) => Promise<void>;
}) {
  const legendId = useId();
  // Only the chosen columns go out: an empty choice means "not imported" (a required field's
  // stays, so the rules can say it is missing).
  const required = new Set(fields.filter((field) => field.required).map((field) => field.name));
  const chosenOnly = z.preprocess(
    (values) =>
      Object.fromEntries(
        Object.entries(values as Record<string, string>).filter(
          ([name, header]) => header || required.has(name as F),
        ),
      ),
    rules,
  ) as unknown as z.ZodType<M, Record<F, string>>;
  const { form, errorText, field } = useZodForm<Record<F, string>, M>(chosenOnly, {
    messages,
    messageValues,
    defaultValues: Object.fromEntries(
      fields.map(({ name }) => [name, step.mapping[name] ?? '']),
    ) as DefaultValues<Record<F, string>>,
  });

  const submit = form.handleSubmit(async (mapping) => {
    if (importing) return;
    try {
      await onMapped(mapping);
    } catch {
      // Toasted by the request; the mapping stays for another try.
    }
  });

  if (step.headers.length === 0)
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="px-5 py-4">
          <Notice variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <p>{texts.noHeaders}</p>
          </Notice>
        </div>
        <CsvImportFooter>
          <Button variant="outline" onClick={onBack}>
            {texts.back}
          </Button>
        </CsvImportFooter>
      </div>
    );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <fieldset
        className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-5 py-4 md:grid-cols-2"
        aria-labelledby={legendId}
        disabled={importing}
      >
        <legend id={legendId} className="mb-4 text-sm text-muted-foreground md:col-span-2">
          {texts.mapLegend(step.fileName)}
        </legend>
        {fields.map(({ name, label, required: needed }) => (
          <FormField
            key={name}
            label={needed ? texts.requiredField(label) : label}
            error={errorText(name as never)}
          >
            {(control) => (
              <Select {...control} {...field(name as never)}>
                <option value="">{texts.notImported}</option>
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
      <CsvImportFooter>
        <Button variant="outline" onClick={onBack} disabled={importing}>
          {texts.back}
        </Button>
        <Button type="submit" loading={importing}>
          {importing ? (texts.importing ?? texts.submit) : texts.submit}
        </Button>
      </CsvImportFooter>
    </form>
  );
}
