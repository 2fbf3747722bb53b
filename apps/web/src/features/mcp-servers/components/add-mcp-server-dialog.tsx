import { mcpServerColors, type McpServerColor } from '@doppel/contracts';
import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
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

type Problems = Partial<Record<'name' | 'url', 'required' | 'urlInvalid'>>;

function AddForm({ create, onDone }: { create: ReturnType<typeof useCreateMcpServer>; onDone: () => void }) {
  const { t } = useTranslation('mcpServers');
  const colorName = useId();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [authHeader, setAuthHeader] = useState('');
  const [description, setDescription] = useState('');
  const [color, setColor] = useState<McpServerColor>('blue');
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const found: Problems = {};
    if (!name.trim()) found.name = 'required';
    if (!url.trim()) found.url = 'required';
    else if (!isHttpUrl(url.trim())) found.url = 'urlInvalid';
    setProblems(found);
    const first = (['name', 'url'] as const).find((field) => found[field]);
    if (first) {
      notifyFailure(i18n.t('errors:validation_failed'));
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    create.mutate(
      {
        name: name.trim(),
        url: url.trim(),
        description: description.trim(),
        color,
        ...(authHeader.trim() ? { authHeader: authHeader.trim() } : {}),
      },
      {
        onSuccess: (server) => {
          notifySuccess(t('toast.added', { name: server.name }));
          onDone();
        },
        onError: (error) => notifyError(error, i18n.t('errors:internal'), { title: t('toast.addFailed') }),
      },
    );
  };

  const problemText = (problem: Problems['name']) => (problem ? t(`dialog.${problem}`) : undefined);

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto p-5">
        <FormField label={t('dialog.name')} error={problemText(problems.name)}>
          {(control) => (
            <Input
              {...control}
              name="name"
              maxLength={100}
              aria-required
              disabled={create.isPending}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setProblems(({ name: _edited, ...rest }) => rest);
              }}
            />
          )}
        </FormField>
        <FormField label={t('dialog.url')} hint={t('dialog.urlHint')} error={problemText(problems.url)}>
          {(control) => (
            <Input
              {...control}
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://"
              spellCheck={false}
              autoComplete="off"
              maxLength={500}
              aria-required
              disabled={create.isPending}
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                setProblems(({ url: _edited, ...rest }) => rest);
              }}
            />
          )}
        </FormField>
        <FormField label={t('dialog.authHeader')} hint={t('dialog.authHeaderHint')}>
          {(control) => (
            <Input
              {...control}
              name="authHeader"
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              maxLength={2000}
              placeholder="Bearer …"
              disabled={create.isPending}
              value={authHeader}
              onChange={(event) => setAuthHeader(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('dialog.descriptionLabel')}>
          {(control) => (
            <textarea
              {...control}
              name="description"
              maxLength={500}
              className={textareaClasses}
              disabled={create.isPending}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
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
                  name={colorName}
                  value={option}
                  checked={color === option}
                  disabled={create.isPending}
                  onChange={() => setColor(option)}
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
