import { TOUCH_BUDGET, touchBudgetSchema } from '@doppel/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSettings } from '@/lib/settings-query';
import { useUpdateSettings } from '../api/get-settings';

/** The typed figure as a number; NaN unless it is a plain whole number. */
function parseBudget(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The touch budget: at most this many campaign messages reach one person in any 7 days,
 * across all campaigns and channels (the user setting touchesPerWeek, 1–20). A figure out of
 * range says so under the field and is not sent.
 */
export function TouchBudgetSection() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  // The dialog's one settings queue: a slow answer cannot overwrite a newer choice.
  const save = useUpdateSettings();
  const headingId = useId();
  /** What is typed; null shows the saved figure. */
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  let body;
  if (settings.isError && !settings.data) {
    body = (
      <ErrorState
        message={errorMessage(settings.error, t('touchBudget.loadFailed'))}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  } else if (!settings.data) {
    body = (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-11 w-32 md:h-9" />
      </div>
    );
  } else {
    const saved = settings.data.touchesPerWeek ?? TOUCH_BUDGET.default;
    const text = draft ?? String(saved);
    const typed = parseBudget(text);
    const valid = touchBudgetSchema.safeParse(typed).success;

    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (save.isPending) return;
      const parsed = touchBudgetSchema.safeParse(typed);
      if (!parsed.success) {
        setInvalid(true);
        return;
      }
      save.mutate(
        { touchesPerWeek: parsed.data },
        {
          onSuccess: () => {
            setDraft(null);
            notifySuccess(t('touchBudget.saved'));
          },
          onError: (error) => notifyError(error, t('touchBudget.saveFailed')),
        },
      );
    };

    body = (
      <form noValidate onSubmit={submit} className="grid max-w-md gap-3">
        <FormField
          label={t('touchBudget.label')}
          hint={t('touchBudget.hint', { count: valid ? typed : saved, days: TOUCH_BUDGET.days })}
          error={
            invalid ? t('touchBudget.range', { min: TOUCH_BUDGET.min, max: TOUCH_BUDGET.max }) : undefined
          }
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={TOUCH_BUDGET.min}
              max={TOUCH_BUDGET.max}
              step={1}
              required
              value={text}
              onChange={(event) => {
                setDraft(event.target.value);
                setInvalid(false);
              }}
              className="max-w-32"
            />
          )}
        </FormField>
        <Button type="submit" loading={save.isPending} className="justify-self-start">
          {t('touchBudget.save')}
        </Button>
      </form>
    );
  }

  return (
    <section className="grid gap-4 rounded-lg border p-4" aria-labelledby={headingId}>
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-base font-semibold">
          {t('touchBudget.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('touchBudget.description')}</p>
      </div>
      {body}
    </section>
  );
}
