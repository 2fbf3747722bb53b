import { jobChangeInputSchema, type JobChangeInput, type JobChangeResult } from '@doppel/contracts';
import { ArrowUpRight, CircleCheck, Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notifyError } from '@/lib/notify';
import type { useRecordJobChange } from '../api/signals-api';
import { taskHref } from '../utils/signal-format';
import { issuesByField, serverFieldErrors, useFieldMessage, type FieldErrors } from './use-field-message';

const FIELDS = ['name', 'newCompany', 'oldCompany', 'title', 'date'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', newCompany: '', oldCompany: '', title: '', date: '' };
const REQUIRED = new Set<Field>(['name', 'newCompany']);

/** One job change typed in: the person, where they went (and from), their title and the day. */
export function JobChangeForm({
  record,
  onClose,
}: {
  record: ReturnType<typeof useRecordJobChange>;
  onClose: () => void;
}) {
  const { t } = useTranslation('signals');
  const message = useFieldMessage();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ answer: JobChangeResult; name: string } | null>(null);
  const busy = record.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input: JobChangeInput = {
      name: values.name,
      newCompany: values.newCompany,
      oldCompany: values.oldCompany || null,
      title: values.title || null,
      date: values.date || null,
    };
    const parsed = jobChangeInputSchema.safeParse(input);
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    try {
      const answer = await record.mutateAsync(parsed.data);
      setResult({ answer, name: parsed.data.name });
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyError(error, t('errors.jobChange'));
    }
  };

  if (result) {
    const created = result.answer.status === 'created';
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="grid gap-3 px-5 py-4">
          <Notice variant={created ? 'success' : 'info'} role="status">
            {created ? <CircleCheck aria-hidden="true" /> : <Info aria-hidden="true" />}
            <p>
              {created
                ? t('jobChanges.created', { name: result.name })
                : t('jobChanges.duplicate', { name: result.name })}
            </p>
          </Notice>
        </div>
        <div className="flex flex-wrap justify-end gap-2 border-t px-5 py-3">
          {result.answer.taskId ? (
            <Button variant="outline" asChild>
              <Link to={taskHref(result.answer.taskId)}>
                <ArrowUpRight aria-hidden="true" />
                {t('items.openTask')}
              </Link>
            </Button>
          ) : null}
          <Button
            variant="outline"
            onClick={() => {
              setValues(EMPTY);
              setErrors({});
              setResult(null);
            }}
          >
            {t('jobChanges.addAnother')}
          </Button>
          <Button onClick={onClose}>{t('dialog.done')}</Button>
        </div>
      </div>
    );
  }

  const field = (name: Field, extra: { type?: string; hint?: string } = {}) => (
    <FormField
      key={name}
      label={
        REQUIRED.has(name)
          ? t(`jobChanges.fields.${name}`)
          : t('fields.optional', { label: t(`jobChanges.fields.${name}`) })
      }
      hint={extra.hint}
      error={message(errors[name])}
    >
      {(control) => (
        <Input
          {...control}
          type={extra.type ?? 'text'}
          value={values[name]}
          maxLength={200}
          autoComplete="off"
          aria-required={REQUIRED.has(name) || undefined}
          disabled={busy}
          onChange={(event) => {
            setValues((current) => ({ ...current, [name]: event.target.value }));
            setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-5 py-4 md:grid-cols-2">
        <div className="md:col-span-2">{field('name')}</div>
        {field('oldCompany')}
        {field('newCompany')}
        {field('title')}
        {field('date', { type: 'date' })}
      </div>
      <div className="flex justify-end gap-2 border-t px-5 py-3">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? t('jobChanges.recording') : t('jobChanges.record')}
        </Button>
      </div>
    </form>
  );
}
