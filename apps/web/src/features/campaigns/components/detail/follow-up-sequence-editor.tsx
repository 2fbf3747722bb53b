import {
  SEQUENCE_MAX_STEPS,
  SEQUENCE_WAIT_DAYS,
  sequenceChannels,
  sequenceStepSchema,
  type SequenceStep,
  type SequenceStepInput,
} from '@doppel/contracts';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { SettingsInput, SettingsValues } from './campaign-settings-dialog';
import { useDetailLabels } from './use-detail-labels';

export const stepContents = ['ai', 'template'] as const;

/** One follow-up as the form holds it: the wait as typed, checked on Save (stepProblems). */
export const stepFormSchema = z.object({
  afterDays: z.string(),
  channel: z.enum(sequenceChannels),
  content: z.enum(stepContents),
  template: z.string(),
});
export type StepFormValue = z.infer<typeof stepFormSchema>;

/** A step added with "Add step": the usual wait, on the first message's channel, drafted by the AI. */
export const NEW_STEP: StepFormValue = {
  afterDays: String(SEQUENCE_WAIT_DAYS.default),
  channel: 'same',
  content: 'ai',
  template: '',
};

export function stepFormValue(step: SequenceStep): StepFormValue {
  return {
    afterDays: String(step.afterDays),
    channel: step.channel,
    content: step.content,
    template: step.template,
  };
}

/** A step as the PATCH sends it (contracts: sequenceStepSchema). */
export function toSequenceStep(step: StepFormValue): SequenceStepInput {
  return {
    afterDays: Number(step.afterDays.trim()),
    channel: step.channel,
    content: step.content,
    template: step.template.trim(),
  };
}

type StepField = 'afterDays' | 'template';

/**
 * What is wrong with a step, per field, as the contract's message keys: a wait that is not a
 * whole number of days within bounds (waitDaysRange), a template step without its text
 * (stepTemplateRequired). Checked with the contract's own schema, so the form and the server agree.
 */
export function stepProblems(step: StepFormValue): Partial<Record<StepField, string>> {
  const days = step.afterDays.trim();
  const checked = sequenceStepSchema.safeParse({
    ...toSequenceStep(step),
    afterDays: /^\d+$/.test(days) ? Number(days) : Number.NaN,
  });
  const problems: Partial<Record<StepField, string>> = {};
  if (checked.success) return problems;
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (field === 'afterDays') problems.afterDays ??= 'waitDaysRange';
    else if (field === 'template') problems.template ??= issue.code === 'too_big' ? 'tooLong' : issue.message;
  }
  return problems;
}

const textareaClasses =
  'min-h-24 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive disabled:opacity-50 md:text-sm';

/**
 * The follow-ups after the first message, in order: each one's wait, channel and content (an
 * AI draft, or a template with its text); add (up to five), remove, move up and down. Nothing is
 * kept until the settings are saved, so Cancel undoes any of it.
 */
export function FollowUpSequenceEditor({
  form,
  showProblems,
  message,
}: {
  form: UseFormReturn<SettingsInput, unknown, SettingsValues>;
  /** Whether Save was tried: from then on each step says what is wrong with it. */
  showProblems: boolean;
  /** A message key (the contract's, or the server's) as text. */
  message: (key: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation('campaignDetail');
  const labels = useDetailLabels();
  const baseId = useId();
  const { control, register, clearErrors, getFieldState, formState } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'followUpSequence' });
  const steps = useWatch({ control, name: 'followUpSequence' });
  /** The button to focus once a move or a removal has been rendered. */
  const focusAfter = useRef<string | null>(null);
  const full = fields.length >= SEQUENCE_MAX_STEPS;
  const limitId = `${baseId}-limit`;
  const addId = `${baseId}-add`;
  const buttonId = (fieldId: string, action: 'up' | 'down' | 'remove') => `${baseId}-${fieldId}-${action}`;

  // After a move or a removal the focus stays with the step it acted on, or goes to a neighbour.
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  // The list's own problem (too many steps, or the server's word on the list); a step's problem
  // shows at the step instead.
  const listError = getFieldState('followUpSequence', formState).error;
  const listProblem =
    listError?.type === 'server' || listError?.message === 'tooManySteps' ? listError.message : undefined;
  const changed = () => clearErrors('followUpSequence');

  const moveStep = (index: number, to: number) => {
    const field = fields[index];
    if (!field) return;
    move(index, to);
    changed();
    const atEdge = to === 0 || to === fields.length - 1;
    const direction = to < index ? 'up' : 'down';
    focusAfter.current = buttonId(field.id, atEdge ? (direction === 'up' ? 'down' : 'up') : direction);
  };
  const removeStep = (index: number) => {
    const neighbour = fields[index + 1] ?? fields[index - 1];
    remove(index);
    changed();
    focusAfter.current = neighbour ? buttonId(neighbour.id, 'remove') : addId;
  };

  const problemOf = (index: number, name: StepField): string | undefined => {
    const path = `followUpSequence.${index}.${name}` as const;
    // The server's word on this field, until it is edited; else what the form finds, once Save was tried.
    const server = getFieldState(path, formState).error?.message;
    const step = steps[index];
    const own = showProblems && step ? stepProblems(step)[name] : undefined;
    return message(server ?? own);
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('settings.sequence.intro')}</p>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
          {t('settings.sequence.none')}
        </p>
      ) : (
        <ol className="grid gap-3" aria-label={t('settings.sequence.list')}>
          {fields.map((field, index) => {
            const number = index + 1;
            const step = steps[index];
            const waitPath = `followUpSequence.${index}.afterDays` as const;
            const templatePath = `followUpSequence.${index}.template` as const;
            return (
              <li key={field.id}>
                <fieldset className="grid gap-3 rounded-lg border p-3">
                  <legend className="px-1 text-sm font-medium">
                    {t('settings.sequence.step', { number })}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-3">
                    <FormField
                      label={t('settings.sequence.wait')}
                      hint={t('settings.sequence.waitHint', {
                        min: SEQUENCE_WAIT_DAYS.min,
                        max: SEQUENCE_WAIT_DAYS.max,
                      })}
                      error={problemOf(index, 'afterDays')}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          inputMode="numeric"
                          {...register(waitPath, { onChange: () => clearErrors(waitPath) })}
                        />
                      )}
                    </FormField>
                    <FormField label={t('settings.sequence.channel')}>
                      {(control) => (
                        <Select {...control} {...register(`followUpSequence.${index}.channel`)}>
                          {sequenceChannels.map((channel) => (
                            <option key={channel} value={channel}>
                              {channel === 'same'
                                ? t('settings.sequence.sameChannel')
                                : labels.channel(channel)}
                            </option>
                          ))}
                        </Select>
                      )}
                    </FormField>
                    <FormField label={t('settings.sequence.content')}>
                      {(control) => (
                        <Select
                          {...control}
                          {...register(`followUpSequence.${index}.content`, {
                            onChange: () => clearErrors(templatePath),
                          })}
                        >
                          {stepContents.map((content) => (
                            <option key={content} value={content}>
                              {t(`settings.sequence.contents.${content}`)}
                            </option>
                          ))}
                        </Select>
                      )}
                    </FormField>
                  </div>
                  {step?.content === 'template' ? (
                    <FormField
                      label={t('settings.sequence.template')}
                      hint={t('settings.sequence.templateHint')}
                      error={problemOf(index, 'template')}
                    >
                      {(control) => (
                        <textarea
                          {...control}
                          className={textareaClasses}
                          {...register(templatePath, { onChange: () => clearErrors(templatePath) })}
                        />
                      )}
                    </FormField>
                  ) : null}
                  <div className="flex flex-wrap items-center gap-2">
                    <Button
                      id={buttonId(field.id, 'up')}
                      variant="outline"
                      size="icon"
                      aria-label={t('settings.sequence.moveUp', { number })}
                      title={t('settings.sequence.moveUp', { number })}
                      disabled={index === 0}
                      onClick={() => moveStep(index, index - 1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      id={buttonId(field.id, 'down')}
                      variant="outline"
                      size="icon"
                      aria-label={t('settings.sequence.moveDown', { number })}
                      title={t('settings.sequence.moveDown', { number })}
                      disabled={index === fields.length - 1}
                      onClick={() => moveStep(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      id={buttonId(field.id, 'remove')}
                      variant="ghost"
                      size="icon"
                      className="ml-auto"
                      aria-label={t('settings.sequence.remove', { number })}
                      title={t('settings.sequence.remove', { number })}
                      onClick={() => removeStep(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {listProblem ? (
        <p role="alert" className="text-sm text-destructive">
          {message(listProblem)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          id={addId}
          variant="outline"
          disabled={full}
          aria-describedby={full ? limitId : undefined}
          onClick={() => {
            append({ ...NEW_STEP });
            changed();
          }}
        >
          <Plus aria-hidden="true" />
          {t('settings.sequence.add')}
        </Button>
        {full ? (
          <p id={limitId} className="text-sm text-muted-foreground">
            {t('settings.sequence.limit', { max: SEQUENCE_MAX_STEPS })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
