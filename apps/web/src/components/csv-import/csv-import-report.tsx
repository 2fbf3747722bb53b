import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/ui/notice';
import { intlLocale } from '@/lib/i18n';
import { CsvImportFooter } from './csv-import-wizard';

export interface CsvImportReportProps {
  /** "12 imported", already translated. */
  summary: string;
  /** The three figures: made, already there, rejected. */
  figures: ReadonlyArray<{ label: string; value: number }>;
  /** Rows not imported: their line in the file and why. */
  rejected: ReadonlyArray<{ row: number; reason: string }>;
  texts: { rejectedCaption: string; line: string; reason: string };
  /** The footer's buttons. */
  actions: ReactNode;
}

/** The last step of a CSV import: a summary, its figures, and each rejected row's line and reason. */
export function CsvImportReport({ summary, figures, rejected, texts, actions }: CsvImportReportProps) {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(intlLocale(i18n.language));
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 gap-4 overflow-y-auto px-5 py-4">
        <Notice variant={rejected.length > 0 ? 'warning' : 'success'} role="status">
          {rejected.length > 0 ? <CircleAlert aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
          <p>{summary}</p>
        </Notice>
        <dl className="grid grid-cols-3 gap-3">
          {figures.map(({ label, value }) => (
            <div key={label} className="grid gap-0.5 rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{format.format(value)}</dd>
            </div>
          ))}
        </dl>
        {rejected.length > 0 ? (
          <div className="max-h-64 overflow-y-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">{texts.rejectedCaption}</caption>
              <thead className="sticky top-0 border-b bg-subtle text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="w-20 px-3 py-2 font-medium">
                    {texts.line}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {texts.reason}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rejected.map((row) => (
                  <tr key={`${row.row}-${row.reason}`} className="border-b last:border-b-0">
                    <td className="px-3 py-2 tabular-nums">{format.format(row.row)}</td>
                    <td className="px-3 py-2 break-words">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      <CsvImportFooter>{actions}</CsvImportFooter>
    </div>
  );
}
