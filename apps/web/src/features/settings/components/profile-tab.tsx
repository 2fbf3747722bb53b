import type { User } from '@doppel/contracts';
import { Mail, Pencil, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { formatFullDate } from '@/lib/dates';
import { useMe } from '../api/get-me';
import { AvatarField } from './avatar-field';
import { ProfileEditForm } from './profile-edit-form';

export function ProfileTab() {
  const { t } = useTranslation('settings');
  const me = useMe();
  const [editing, setEditing] = useState(false);

  if (me.isError && !me.data) {
    return (
      <ErrorState
        message={errorMessage(me.error, t('profile.loadFailed'))}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  }
  if (!me.data) return <ProfileSkeleton />;
  const user = me.data;

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={user.name} src={user.avatarUrl} label={t('profile.avatar.photo')} large />
        <div className="grid min-w-48 flex-1">
          <h3 className="truncate text-lg font-semibold">{user.name}</h3>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
        {editing ? null : (
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {t('profile.edit')}
          </Button>
        )}
      </div>

      <AvatarField user={user} />

      {user.pendingEmail ? (
        <Notice variant="info" role="status">
          <Mail aria-hidden="true" />
          <p>{t('profile.pendingEmail', { email: user.pendingEmail })}</p>
        </Notice>
      ) : null}

      {editing ? (
        <ProfileEditForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <ProfileDetails user={user} />
      )}

      <Notice variant="neutral">
        <ShieldCheck aria-hidden="true" />
        <div className="grid min-w-0 gap-1">
          <p className="font-medium text-foreground">{t('profile.syncTitle')}</p>
          <p>{t('profile.syncDescription')}</p>
          <p className="flex flex-wrap gap-x-2">
            <span>{t('profile.userId')}</span>
            <code className="font-mono text-xs break-all text-foreground">{user.id}</code>
          </p>
        </div>
      </Notice>
    </div>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const { t, i18n } = useTranslation('settings');
  const rows: Array<[string, React.ReactNode]> = [
    [t('profile.name'), user.name],
    [t('profile.email'), user.email],
    [t('profile.role'), t('profile.roleUser')],
    [t('profile.registered'), formatFullDate(user.createdAt, i18n.language)],
    [
      t('profile.status'),
      <Badge key="status" variant="success">
        {t('profile.statusActive')}
      </Badge>,
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-5" aria-busy="true">
      <div className="flex items-center gap-4">
        <Skeleton circle className="size-14" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      </div>
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
