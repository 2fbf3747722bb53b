import {
  growthProviders,
  saveGrowthCredentialInputSchema,
  type GrowthCredential,
  type GrowthProvider,
} from '@doppel/contracts';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import {
  useDeleteGrowthCredential,
  useGrowthCredentials,
  useSaveGrowthCredential,
} from '../../api/campaign-detail-api';
import { formatFullDate } from '@/lib/dates';
import { PROVIDER_NAMES } from './provider-names';

type KeyInput = z.infer<typeof saveGrowthCredentialInputSchema>;

const KEY_MIN = saveGrowthCredentialInputSchema.shape.apiKey.minLength ?? 8;

/**
 * The user's own keys for the lead sources and enrichment providers (Pipedrive, Apollo, Hunter,
 * People Data Labs, Lusha, Snov.io, RocketReach), each with where to find it. A key is sent once
 * and never shown again: the list has only its masked hint.
 */
export function GrowthKeysSection() {
  const { t } = useTranslation('campaignDetail');
  const credentials = useGrowthCredentials();
  return (
    <section aria-labelledby="growth-keys-heading" className="grid gap-3">
      <div className="grid gap-0.5">
        <h3 id="growth-keys-heading" className="text-base font-semibold">
          {t('keys.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('keys.description')}</p>
      </div>
      {credentials.isPending ? (
        <LoadingState label={t('keys.loading')} className="grid gap-2">
          {growthProviders.map((provider) => (
            <Skeleton key={provider} className="h-24 w-full rounded-lg" />
          ))}
        </LoadingState>
      ) : credentials.isError ? (
        <ErrorState
          message={errorMessage(credentials.error, t('errors.keysLoad'))}
          onRetry={() => void credentials.refetch()}
          retrying={credentials.isFetching}
        />
      ) : (
        <ul className="grid gap-3">
          {growthProviders.map((provider) => (
            <ProviderKey
              key={provider}
              provider={provider}
              saved={credentials.data.find((item) => item.provider === provider)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ProviderKey({ provider, saved }: { provider: GrowthProvider; saved: GrowthCredential | undefined }) {
  const { t, i18n } = useTranslation('campaignDetail');
  const save = useSaveGrowthCredential();
  const remove = useDeleteGrowthCredential();
  const [confirming, setConfirming] = useState(false);
  const { form, errorText, field } = useZodForm<KeyInput, KeyInput>(saveGrowthCredentialInputSchema, {
    messages: 'growthKey',
    messageValues: { min: KEY_MIN },
    defaultValues: { apiKey: '' },
  });
  const name = PROVIDER_NAMES[provider];

  const submit = form.handleSubmit(({ apiKey }) => {
    save.mutate(
      { provider, apiKey },
      // The key leaves the page's memory as soon as the server has it.
      {
        onSuccess: () => {
          form.reset({ apiKey: '' });
          notifySuccess(t('toast.keySaved', { provider: name }));
        },
      },
    );
  });

  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium">{name}</span>
          <span className="text-xs text-muted-foreground">{t(`keys.uses.${provider}`)}</span>
        </div>
        {saved ? (
          <div className="flex items-center gap-2 text-sm">
            <Badge variant="success">{t('keys.saved')}</Badge>
            <span className="font-mono tabular-nums" aria-label={t('keys.hintLabel', { provider: name })}>
              {saved.hint}
            </span>
            <span className="text-xs text-muted-foreground">
              {t('keys.updated', { date: formatFullDate(saved.updatedAt, i18n.language) })}
            </span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('keys.remove', { provider: name })}
              title={t('keys.remove', { provider: name })}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <Badge variant="outline">{t('keys.notSet')}</Badge>
        )}
      </div>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
      >
        <FormField
          label={t(`keys.label.${provider}`)}
          hint={t(`keys.help.${provider}`)}
          error={errorText('apiKey')}
          className="min-w-0"
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={saved ? t('keys.replacePlaceholder') : t('keys.placeholder')}
              {...field('apiKey')}
            />
          )}
        </FormField>
        {/* Level with the input: below the label (14 px and its 6 px gap), above the hint. */}
        <Button type="submit" variant="outline" className="sm:mt-5" loading={save.isPending}>
          {saved ? t('keys.replace') : t('keys.save')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('keys.removeTitle', { provider: name })}
        description={t('keys.removeDescription', { provider: name })}
        cancelLabel={t('confirm.keep')}
        confirmLabel={t('keys.removeConfirm')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(provider, {
            onSuccess: () => notifySuccess(t('toast.keyRemoved', { provider: name })),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </li>
  );
}
