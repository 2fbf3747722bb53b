import { jobChangeInputSchema, type JobChangeInput, type JobChangeResult } from '@doppel/contracts';
import { ArrowUpRight, CircleCheck, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notifyError } from '@/lib/notify';
import type { useRecordJobChange } from '../api/signals-api';
import { taskHref } from '../utils/signal-format';
import { signalMessageValues } from './signal-messages';

const FIELDS = ['name', 'newCompany', 'oldCompany', 'title', 'date'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', newCompany: '', oldCompany: '', title: '', date: '' };
const REQUIRED = new Set<Field>(['name', 'newCompany']);
/** The contract's checks on what was typed; an empty optional field is none. */
const formRules = z.preprocess((values) => {
  const typed = values as Values;
  return {
    ...typed,
    oldCompany: typed.oldCompany || null,
    title: typed.title || null,
    date: typed.date || null,
  };
}, jobChangeInputSchema) as unknown as z.ZodType<JobChangeInput, Values>;

/** One job change typed in: the person, where they went (and from), their title and the day. */
export function JobChangeForm({
  record,
  onClose,
}: {
  record: ReturnType<typeof useRecordJobChange>;
  onClose: () => void;
}) {
  const { t } = useTranslation('signals');
  const { form, errorText, field, showServerErrors } = useZodForm<Values, JobChangeInput>(formRules, {
    messages: 'signal',
    messageValues: signalMessageValues,
    defaultValues: EMPTY,
  });
  const [result, setResult] = useState<{ answer: JobChangeResult; name: string } | null>(null);
  const busy = record.isPending;

  const submit = form.handleSubmit(async (input) => {
    if (busy) return;
    try {
      const answer = await record.mutateAsync(input);
      setResult({ answer, name: input.name });
    } catch (error) {
      if (!showServerErrors(error, FIELDS)) notifyError(error, t('errors.jobChange'));
    }
  });

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
              form.reset(EMPTY);
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

  const input = (name: Field, extra: { type?: string; hint?: string } = {}) => (
    <FormField
      key={name}
      label={
        REQUIRED.has(name)
          ? t(`jobChanges.fields.${name}`)
          : t('fields.optional', { label: t(`jobChanges.fields.${name}`) })
      }
      hint={extra.hint}
      error={errorText(name)}
    >
      {(control) => (
        <Input
          {...control}
          type={extra.type ?? 'text'}
          maxLength={200}
          autoComplete="off"
          aria-required={REQUIRED.has(name) || undefined}
          disabled={busy}
          {...field(name)}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-5 py-4 md:grid-cols-2">
        <div className="md:col-span-2">{input('name')}</div>
        {input('oldCompany')}
        {input('newCompany')}
        {input('title')}
        {input('date', { type: 'date' })}
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
