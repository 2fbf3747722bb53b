import { FileSpreadsheet } from 'lucide-react';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';

/** The file step of a CSV import: a .csv picker with its hint and error, and the chosen file's name. */
export function CsvFileField({
  label,
  hint,
  error,
  file,
  onFile,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  file: File | null;
  onFile: (file: File | null) => void;
}) {
  return (
    <>
      <FormField label={label} hint={hint} error={error}>
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".csv,text/csv"
            className="h-auto py-2"
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      {file ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          {file.name}
        </p>
      ) : null}
    </>
  );
}
