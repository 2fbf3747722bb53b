import { tokenQuotaSchema, type InstanceUser } from '@doppel/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { formatCount } from '@/lib/format-number';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  useInstanceUsers,
  useResetUserMfa,
  useSetDefaultQuota,
  useSetUserQuota,
  useVerifyUser,
} from '../api/instance';

/** A typed quota as a whole number of tokens (spaces and separators allowed); NaN otherwise. */
function parseQuota(text: string): number {
  const digits = text.replace(/[\s,.'\u00a0\u202f]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * The instance owner's Users list (issue 23): every account of this server with this month's
 * token usage, and the monthly quota the owner sets for each (or the instance default).
 */
export function InstanceUsersSection() {
  const { t } = useTranslation('instance');
  const headingId = useId();
  const list = useInstanceUsers();

  let body;
  if (list.isError && !list.data) {
    body = (
      <ErrorState
        message={errorMessage(list.error, t('loadFailed'))}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (!list.data) {
    body = (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else {
    body = (
      <>
        <QuotaForm
          label={t('defaultQuota')}
          hint={t('defaultQuotaHint')}
          saved={list.data.defaultTokenQuota}
          useSave={useSetDefaultQuota}
          toInput={(quota) => quota}
        />
        <ul className="grid gap-3" aria-label={t('listLabel')}>
          {list.data.users.map((user) => (
            <UserCard key={user.id} user={user} defaultQuota={list.data.defaultTokenQuota} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="grid gap-4" aria-labelledby={headingId}>
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-lg font-semibold">
          {t('title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('description')}</p>
      </div>
      {body}
    </section>
  );
}

function UserCard({ user, defaultQuota }: { user: InstanceUser; defaultQuota: number }) {
  const { t, i18n } = useTranslation('instance');
  const count = (value: number) => formatCount(value, i18n.language);
  const verify = useVerifyUser();
  const setQuota = useSetUserQuota();
  const percent =
    user.tokenQuota > 0 ? Math.min(100, Math.round((user.tokensUsed / user.tokenQuota) * 100)) : 100;

  return (
    <li className="grid gap-3 rounded-lg border p-4 text-sm" aria-label={user.name}>
      <div className="flex flex-wrap items-center gap-2">
        <div className="grid min-w-0 flex-1">
          <span className="truncate font-medium">{user.name}</span>
          <span className="truncate text-muted-foreground">{user.email}</span>
        </div>
        {user.isInstanceOwner ? <Badge variant="soft">{t('owner')}</Badge> : null}
        {user.planKind === 'stripe' ? <Badge variant="outline">{user.planName}</Badge> : null}
        {user.emailVerified ? null : (
          <>
            <Badge variant="warning">{t('unverified')}</Badge>
            <Button
              size="sm"
              variant="outline"
              loading={verify.isPending}
              onClick={() =>
                verify.mutate(user.id, {
                  onSuccess: () => notifySuccess(t('verified', { email: user.email })),
                  onError: (error) => notifyError(error, t('verifyFailed')),
                })
              }
            >
              {t('verify')}
            </Button>
          </>
        )}
      </div>
      <div className="grid gap-1">
        <p>{t('usage', { used: count(user.tokensUsed), quota: count(user.tokenQuota) })}</p>
        <div
          role="progressbar"
          aria-label={t('usageLabel', { name: user.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {user.mfaEnabled && !user.isInstanceOwner ? <ResetMfa user={user} /> : null}
      {user.planKind === 'stripe' ? (
        <p className="text-muted-foreground">{t('paidPlanQuota')}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <QuotaForm
            label={t('quotaFor', { name: user.name })}
            hint={
              user.ownerTokenQuota === null ? t('usesDefault', { quota: count(defaultQuota) }) : undefined
            }
            saved={user.ownerTokenQuota ?? defaultQuota}
            useSave={useSetUserQuota}
            toInput={(tokenQuota) => ({ userId: user.id, tokenQuota })}
          />
          {user.ownerTokenQuota === null ? null : (
            <Button
              variant="ghost"
              size="sm"
              loading={setQuota.isPending}
              onClick={() =>
                setQuota.mutate(
                  { userId: user.id, tokenQuota: null },
                  { onError: (error) => notifyError(error, t('saveFailed')) },
                )
              }
            >
              {t('useDefault')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** For a user who lost their authenticator and every recovery code: asks first. */
function ResetMfa({ user }: { user: InstanceUser }) {
  const { t } = useTranslation('instance');
  const reset = useResetUserMfa();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant="outline">{t('mfaOn')}</Badge>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
        {t('resetMfa')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('resetMfaDialog.title', { name: user.name })}
        description={t('resetMfaDialog.description', { email: user.email })}
        cancelLabel={t('resetMfaDialog.cancel')}
        confirmLabel={t('resetMfaDialog.confirm')}
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(user.id, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess(t('resetMfaDone', { email: user.email }));
            },
            onError: (error) => notifyError(error, t('resetMfaFailed')),
          })
        }
      />
    </div>
  );
}

interface QuotaFormProps<Input> {
  label: string;
  hint?: string;
  saved: number;
  useSave: () => {
    mutate: (input: Input, options: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
    isPending: boolean;
  };
  toInput: (quota: number) => Input;
}

/** One quota field with its Save button; a figure out of range says so and is not sent. */
function QuotaForm<Input>({ label, hint, saved, useSave, toInput }: QuotaFormProps<Input>) {
  const { t } = useTranslation('instance');
  const inputId = useId();
  const messageId = useId();
  const save = useSave();
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const text = draft ?? String(saved);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = tokenQuotaSchema.safeParse(parseQuota(text));
    if (!parsed.success) {
      setInvalid(true);
      return;
    }
    save.mutate(toInput(parsed.data), {
      onSuccess: () => {
        setDraft(null);
        notifySuccess(t('saved'));
      },
      onError: (error) => notifyError(error, t('saveFailed')),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        <Input
          id={inputId}
          inputMode="numeric"
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={messageId}
          onChange={(event) => {
            setDraft(event.target.value);
            setInvalid(false);
          }}
          className="w-40"
        />
        <p id={messageId} className={invalid ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
          {invalid ? t('range') : (hint ?? '')}
        </p>
      </div>
      <Button type="submit" size="sm" loading={save.isPending} className="mb-5">
        {t('save')}
      </Button>
    </form>
  );
}
