import { AVATAR_MAX_BYTES, type User } from '@doppel/contracts';
import { ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useRemoveAvatar, useUploadAvatar } from '../api/avatar';

/**
 * Upload photo and Remove, under the profile's photo. A file over the server's 20 MB is refused
 * here with the server's own words, before it is sent; whether it is an image the server
 * decides from its content. Demo sandboxes keep their initials (the server refuses them).
 */
export function AvatarField({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = upload.isPending || remove.isPending;

  const choose = (file: File) => {
    setProblem(null);
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem(i18n.t('errors:avatar_too_large'));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifySuccess(t('profile.avatar.uploaded')),
      onError: (error) => setProblem(errorMessage(error, t('profile.avatar.uploadFailed'))),
    });
  };

  const confirmRemove = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess(t('profile.avatar.removed'));
      },
      onError: (error) => {
        setConfirming(false);
        setProblem(errorMessage(error, t('profile.avatar.removeFailed')));
      },
    });
  };

  if (user.isDemo) return <p className="text-sm text-muted-foreground">{t('profile.avatar.demo')}</p>;
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap gap-2">
        <label
          aria-busy={upload.isPending || undefined}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
            busy && 'pointer-events-none opacity-50',
          )}
        >
          {upload.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <ImageUp aria-hidden="true" />
          )}
          {upload.isPending ? t('profile.avatar.uploading') : t('profile.avatar.upload')}
          <input
            type="file"
            accept="image/*"
            disabled={busy}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that choosing the same file again is noticed.
              event.target.value = '';
              if (file) choose(file);
            }}
          />
        </label>
        {user.avatarUrl ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            {t('profile.avatar.remove')}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">{t('profile.avatar.hint')}</p>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('profile.avatar.removeTitle')}
        description={t('profile.avatar.removeDescription')}
        cancelLabel={t('profile.cancel')}
        confirmLabel={t('profile.avatar.removeConfirm')}
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </div>
  );
}
