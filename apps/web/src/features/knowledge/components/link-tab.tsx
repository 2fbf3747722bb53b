import type { LinkPreview } from '@doppel/contracts';
import { Eye, Globe } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';

interface LinkTabProps {
  /** What is typed, for the Preview button. */
  url: string;
  /** The form's registration of the address field. */
  input: UseFormRegisterReturn;
  /** Already translated: the address is not http(s). */
  urlError: string | undefined;
  onPreview: () => void;
  previewing: boolean;
  preview: LinkPreview | undefined;
  /** Already translated: why the preview failed (the server's message when it gave one). */
  previewError: string | undefined;
  disabled: boolean;
}

/** Add link: a URL field with a preview of the page (title, description, site). */
export function LinkTab({
  url,
  input,
  urlError,
  onPreview,
  previewing,
  preview,
  previewError,
  disabled,
}: LinkTabProps) {
  const { t } = useTranslation('knowledge');
  return (
    <div className="grid gap-4">
      <FormField label={t('link.url')} hint={t('link.hint')} error={urlError}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="url"
              maxLength={2048}
              disabled={disabled}
              {...input}
            />
            <Button
              variant="outline"
              onClick={onPreview}
              loading={previewing}
              disabled={disabled || url.trim() === ''}
            >
              {previewing ? null : <Eye aria-hidden="true" />}
              {t('link.preview')}
            </Button>
          </div>
        )}
      </FormField>
      {previewError ? (
        <Notice variant="destructive" role="alert">
          {previewError}
        </Notice>
      ) : null}
      {preview ? (
        <section aria-label={t('link.previewLabel')} className="grid gap-1 rounded-lg border bg-subtle p-4">
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Globe className="size-3.5" aria-hidden="true" />
            {preview.site}
          </p>
          <p className="font-medium break-words">{preview.title}</p>
          {preview.description ? (
            <p className="line-clamp-3 text-sm text-muted-foreground">{preview.description}</p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
