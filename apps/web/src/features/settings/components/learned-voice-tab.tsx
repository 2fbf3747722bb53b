import type { LearnedHabits, LearnedVoice } from '@doppel/contracts';
import { AudioLines, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { EmptyState, LoadingState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { intlLocale, languageName } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useForgetLearnedVoice, useLearnedVoice } from '../api/learned-voice';

/**
 * Settings → Learned voice (issue 20, decision 037): what the twin learned from the drafts the
 * user changed before sending — how many, the greeting, sign-off and length habits per language,
 * the latest pairs — and Forget, after a confirmation.
 */
export function LearnedVoiceTab() {
  const { t } = useTranslation('settings');
  const voice = useLearnedVoice();
  if (voice.isError) {
    return (
      <ErrorState
        message={errorMessage(voice.error, t('voice.loadFailed'))}
        onRetry={() => void voice.refetch()}
        retrying={voice.isFetching}
      />
    );
  }
  if (!voice.data) {
    return (
      <LoadingState label={t('voice.loading')} className="grid gap-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-32 w-full" />
      </LoadingState>
    );
  }
  return <LearnedVoiceDetails voice={voice.data} />;
}

function LearnedVoiceDetails({ voice }: { voice: LearnedVoice }) {
  const { t } = useTranslation('settings');
  const headingId = useId();
  const habitsId = useId();
  const recentId = useId();
  const [confirming, setConfirming] = useState(false);
  const forget = useForgetLearnedVoice();

  return (
    <div className="grid gap-6">
      <section className="grid gap-2" aria-labelledby={headingId}>
        <h3 id={headingId} className="text-base font-semibold">
          {t('voice.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('voice.description')}</p>
        <p className="text-sm">
          {voice.persona ? t('voice.forPersona', { name: voice.persona.name }) : t('voice.noPersona')}
        </p>
      </section>

      {voice.count === 0 ? (
        <EmptyState size="section" icon={AudioLines} title={t('voice.empty')} hint={t('voice.emptyHint')} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-medium">{t('voice.pairs', { count: voice.count })}</p>
            <Button variant="outline" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              {t('voice.forget')}
            </Button>
          </div>

          {voice.habits.length > 0 ? (
            <section className="grid gap-2" aria-labelledby={habitsId}>
              <h4 id={habitsId} className="text-sm font-medium">
                {t('voice.habitsTitle')}
              </h4>
              <ul className="grid gap-2">
                {voice.habits.map((habits) => (
                  <li key={habits.language}>
                    <HabitsCard habits={habits} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className="grid gap-2" aria-labelledby={recentId}>
            <h4 id={recentId} className="text-sm font-medium">
              {t('voice.recentTitle')}
            </h4>
            <ul className="grid gap-2">
              {voice.recent.map((example) => (
                <li key={example.id} className="grid gap-1 rounded-md border p-3 text-sm">
                  <p className="text-xs text-muted-foreground">{t('voice.draftLabel')}</p>
                  <p className="line-clamp-3 whitespace-pre-line text-muted-foreground">{example.draft}</p>
                  <p className="text-xs text-muted-foreground">{t('voice.sentLabel')}</p>
                  <p className="line-clamp-4 whitespace-pre-line">{example.sent}</p>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('voice.forgetTitle')}
        description={t('voice.forgetDescription')}
        cancelLabel={t('voice.cancel')}
        confirmLabel={t('voice.forgetConfirm')}
        pending={forget.isPending}
        onConfirm={() =>
          forget.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess(t('voice.forgotten'));
            },
            onError: (error) => notifyError(error, t('voice.forgetFailed')),
          })
        }
      />
    </div>
  );
}

/** A language's habits: greeting, sign-off and typical length, or that none is learned yet. */
function HabitsCard({ habits }: { habits: LearnedHabits }) {
  const { t, i18n } = useTranslation('settings');
  const locale = intlLocale(i18n.language);
  const language = languageName(habits.language, locale, { atStart: true });
  const named = (text: string) =>
    text
      .replaceAll('{name}', t('voice.namePlaceholder'))
      .replaceAll('{firstName}', t('voice.namePlaceholder'));
  const rows: Array<[string, string]> = [
    [t('voice.greeting'), habits.greeting ? named(habits.greeting) : t('voice.notLearned')],
    [t('voice.signOff'), habits.signOff ? habits.signOff : t('voice.notLearned')],
    [
      t('voice.length'),
      habits.typicalLength !== null
        ? t('voice.characters', { count: habits.typicalLength })
        : t('voice.notLearned'),
    ],
  ];
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <p className="text-sm font-medium">
        {language} · {t('voice.messages', { count: habits.messages })}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
