import { mcpServerColors } from '@doppel/contracts';
import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { i18n } from '@/lib/i18n';
import { notifyError, notifyFailure, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useCreateMcpServer } from '../api/mcp-servers-api';
import { COLOR_DOT } from '../utils/colors';

const textareaClasses =
  'min-h-20 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

interface AddMcpServerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Settings → MCP → Add: name, address, optional auth header (sealed on the server), description, colour. */
export function AddMcpServerDialog({ open, onOpenChange }: AddMcpServerDialogProps) {
  const { t } = useTranslation('mcpServers');
  const create = useCreateMcpServer();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      title={t('dialog.title')}
      description={t('dialog.description')}
      closeLabel={t('dialog.close')}
      className="md:max-w-lg"
    >
      {open ? <AddForm create={create} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

/** What the form checks before sending: a name, and an http(s) address. */
const addServerFormSchema = z.object({
  name: z.string().trim().min(1, 'required'),
  url: z.string().trim().min(1, 'required').refine(isHttpUrl, 'urlInvalid'),
  authHeader: z.string().trim(),
  description: z.string().trim(),
  color: z.enum(mcpServerColors),
});
type AddServerInput = z.input<typeof addServerFormSchema>;
type AddServerValues = z.output<typeof addServerFormSchema>;

function AddForm({ create, onDone }: { create: ReturnType<typeof useCreateMcpServer>; onDone: () => void }) {
  const { t } = useTranslation('mcpServers');
  const { form, errorText, field } = useZodForm<AddServerInput, AddServerValues>(addServerFormSchema, {
    messages: 'mcpServer',
    defaultValues: { name: '', url: '', authHeader: '', description: '', color: 'blue' },
  });

  const submit = form.handleSubmit(
    ({ authHeader, ...values }) => {
      if (create.isPending) return;
      create.mutate(
        { ...values, ...(authHeader ? { authHeader } : {}) },
        {
          onSuccess: (server) => {
            notifySuccess(t('toast.added', { name: server.name }));
            onDone();
          },
          onError: (error) => notifyError(error, i18n.t('errors:internal'), { title: t('toast.addFailed') }),
        },
      );
    },
    // A missing field is also the error toast; the first problem gets the focus.
    (errors) => {
      if (Object.values(errors).some((error) => error?.message === 'required'))
        notifyFailure(i18n.t('errors:validation_failed'));
    },
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto p-5">
        <FormField label={t('dialog.name')} error={errorText('name')}>
          {(control) => (
            <Input
              {...control}
              maxLength={100}
              aria-required
              disabled={create.isPending}
              {...field('name')}
            />
          )}
        </FormField>
        <FormField label={t('dialog.url')} hint={t('dialog.urlHint')} error={errorText('url')}>
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://"
              spellCheck={false}
              autoComplete="off"
              maxLength={500}
              aria-required
              disabled={create.isPending}
              {...field('url')}
            />
          )}
        </FormField>
        <FormField label={t('dialog.authHeader')} hint={t('dialog.authHeaderHint')}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              maxLength={2000}
              placeholder="Bearer …"
              disabled={create.isPending}
              {...field('authHeader')}
            />
          )}
        </FormField>
        <FormField label={t('dialog.descriptionLabel')}>
          {(control) => (
            <textarea
              {...control}
              maxLength={500}
              className={textareaClasses}
              disabled={create.isPending}
              {...field('description')}
            />
          )}
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('dialog.color')}</legend>
          <div className="flex flex-wrap gap-2">
            {mcpServerColors.map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring md:min-h-9"
              >
                <input
                  type="radio"
                  value={option}
                  disabled={create.isPending}
                  {...field('color')}
                  className="sr-only"
                />
                <span className={cn('size-3 rounded-full', COLOR_DOT[option])} aria-hidden="true" />
                {t(`colors.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Notice variant="neutral" size="sm">
          <LockKeyhole aria-hidden="true" />
          <p>{t('dialog.secretNote')}</p>
        </Notice>
      </div>
      <div className="flex justify-end gap-2 border-t px-5 py-3">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? t('dialog.adding') : t('dialog.add')}
        </Button>
      </div>
    </form>
  );
}
