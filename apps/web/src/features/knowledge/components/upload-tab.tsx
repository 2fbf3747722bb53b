import {
  KNOWLEDGE_QUOTA_BYTES,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  uploadCategories,
  type UploadErrorCode,
  type UploadResult,
} from '@doppel/contracts';
import { CircleCheck, CircleX, FileText, FileUp, X } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { formatMegabytes } from '../utils/format';
import { ACCEPT_ATTRIBUTE, fileProblem } from '../utils/upload-files';

export type UploadCategory = (typeof uploadCategories)[number];

/** The translated reason a file was (or would be) refused. */
export function useUploadErrorMessage() {
  const { t, i18n } = useTranslation('knowledge');
  return (code: UploadErrorCode) => {
    const limit = formatMegabytes(
      code === 'quota_exceeded' ? KNOWLEDGE_QUOTA_BYTES : MAX_UPLOAD_BYTES,
      i18n.language,
      0,
    );
    return t(`upload.errors.${code}`, { limit });
  };
}

interface UploadTabProps {
  files: File[];
  onAddFiles: (files: File[]) => void;
  onRemoveFile: (file: File) => void;
  /** How many chosen files did not fit under MAX_FILES_PER_UPLOAD. */
  dropped: number;
  category: UploadCategory;
  onCategoryChange: (category: UploadCategory) => void;
  /** What the server said about each file of the last upload, when some were refused. */
  results: UploadResult['results'] | null;
  disabled: boolean;
}

/** Upload file: a drop zone with a real file picker, the chosen files, and a category. */
export function UploadTab({
  files,
  onAddFiles,
  onRemoveFile,
  dropped,
  category,
  onCategoryChange,
  results,
  disabled,
}: UploadTabProps) {
  const { t, i18n } = useTranslation('knowledge');
  const problemMessage = useUploadErrorMessage();
  const [dragging, setDragging] = useState(false);

  const allowDrop = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <div className="grid gap-4">
      <div
        data-dragging={dragging}
        onDragEnter={allowDrop}
        onDragOver={allowDrop}
        onDragLeave={(event) => {
          // Moving onto a child fires dragleave on the zone too; only leaving the zone counts.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) onAddFiles(Array.from(event.dataTransfer.files));
        }}
        className="flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors data-[dragging=true]:border-primary data-[dragging=true]:bg-primary-soft"
      >
        <FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm font-medium">{dragging ? t('upload.dropzoneActive') : t('upload.dropzone')}</p>
        <label
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
            disabled && 'pointer-events-none opacity-50',
          )}
        >
          {t('upload.choose')}
          <input
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            disabled={disabled}
            className="sr-only"
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              // Cleared so that choosing the same file again (after removing it) is noticed.
              event.target.value = '';
              if (chosen.length > 0) onAddFiles(chosen);
            }}
          />
        </label>
        <p className="text-xs text-muted-foreground">
          {t('upload.hint', {
            maxFiles: MAX_FILES_PER_UPLOAD,
            maxSize: formatMegabytes(MAX_UPLOAD_BYTES, i18n.language, 0),
          })}
        </p>
      </div>

      {dropped > 0 ? (
        <Notice variant="warning" role="status">
          {t('upload.tooMany', { max: MAX_FILES_PER_UPLOAD })}
        </Notice>
      ) : null}

      {files.length > 0 ? (
        <ul aria-label={t('upload.chosen')} className="grid gap-2">
          {files.map((file) => {
            const problem = fileProblem(file);
            return (
              <li
                key={`${file.name}-${file.size}-${file.lastModified}`}
                className="flex items-center gap-3 rounded-md border px-3 py-2"
              >
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="grid min-w-0 flex-1">
                  <span className="truncate text-sm font-medium">{file.name}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {formatMegabytes(file.size, i18n.language)}
                  </span>
                  {problem ? (
                    <span className="text-xs text-destructive">{problemMessage(problem)}</span>
                  ) : null}
                </div>
                <button
                  type="button"
                  aria-label={t('upload.remove', { name: file.name })}
                  disabled={disabled}
                  onClick={() => onRemoveFile(file)}
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 md:size-8"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}

      <FormField label={t('upload.category')} className="sm:max-w-xs">
        {(control) => (
          <Select
            {...control}
            value={category}
            disabled={disabled}
            onChange={(event) => onCategoryChange(event.target.value as UploadCategory)}
          >
            {uploadCategories.map((value) => (
              <option key={value} value={value}>
                {t(`categories.${value}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      {results ? <UploadResults results={results} /> : null}
    </div>
  );
}

/** Per file: added, or why it was refused. */
function UploadResults({ results }: { results: UploadResult['results'] }) {
  const { t } = useTranslation('knowledge');
  const problemMessage = useUploadErrorMessage();
  return (
    <div role="status" className="grid gap-2">
      <p className="text-sm font-medium">{t('upload.someFailed')}</p>
      <ul aria-label={t('upload.results')} className="grid gap-1.5">
        {results.map((result, index) => (
          <li key={`${result.fileName}-${index}`} className="flex items-start gap-2 text-sm">
            {result.document ? (
              <CircleCheck
                className="mt-0.5 size-4 shrink-0 text-success-soft-foreground"
                aria-hidden="true"
              />
            ) : (
              <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            )}
            <span className="min-w-0 break-words">
              <span className="font-medium">{result.fileName}</span>
              {' — '}
              {result.document
                ? t('upload.added')
                : result.error
                  ? problemMessage(result.error.code)
                  : t('errors.upload')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
