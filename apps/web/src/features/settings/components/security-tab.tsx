import type { MfaStatus } from '@doppel/contracts';
import { FlaskConical, ShieldAlert, ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { intlLocale } from '@/lib/i18n';
import { useSession } from '@/lib/services';
import { useMfaStatus } from '../api/mfa';
import { DisableMfaDialog, RegenerateCodesDialog } from './mfa-manage-dialogs';
import { MfaSetupDialog } from './mfa-setup-dialog';

/** Recovery codes left at which the tab suggests making new ones. */
const FEW_CODES_LEFT = 3;

/** Settings → Security: multi-factor authentication with an authenticator app (decision 042). */
export function SecurityTab() {
  const { t } = useTranslation('security');
  const headingId = useId();
  const { isDemo } = useSession();
  const status = useMfaStatus();

  let body;
  if (isDemo) {
    body = (
      <Notice variant="warning">
        <FlaskConical aria-hidden="true" />
        <p>{t('mfa.demo')}</p>
      </Notice>
    );
  } else if (status.isError) {
    body = (
      <ErrorState
        message={errorMessage(status.error, t('mfa.loadFailed'))}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  } else if (!status.data) {
    body = (
      <LoadingState label={t('mfa.loading')} className="grid gap-3">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-9 w-48" />
      </LoadingState>
    );
  } else {
    body = <MfaControls status={status.data} />;
  }

  return (
    <section className="grid gap-4" aria-labelledby={headingId}>
      <div className="grid gap-1">
        <h3 id={headingId} className="text-base font-semibold">
          {t('mfa.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('mfa.description')}</p>
      </div>
      {body}
    </section>
  );
}

type OpenDialog = 'setup' | 'regenerate' | 'disable' | null;

function MfaControls({ status }: { status: MfaStatus }) {
  const { t, i18n } = useTranslation('security');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const openChange = (which: Exclude<OpenDialog, null>) => (open: boolean) => setDialog(open ? which : null);
  const since = status.enabledAt
    ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long' }).format(
        new Date(status.enabledAt),
      )
    : null;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        {status.enabled ? (
          <Badge variant="success">
            <ShieldCheck aria-hidden="true" />
            {t('mfa.on')}
          </Badge>
        ) : (
          <Badge variant="outline">
            <ShieldOff aria-hidden="true" />
            {t('mfa.off')}
          </Badge>
        )}
        {since ? (
          <span className="text-xs text-muted-foreground">{t('mfa.onSince', { date: since })}</span>
        ) : null}
      </div>

      {status.enabled ? (
        <>
          <p className="text-sm">{t('mfa.codesLeft', { count: status.recoveryCodesLeft })}</p>
          {status.recoveryCodesLeft < FEW_CODES_LEFT ? (
            <Notice variant="warning">
              <ShieldAlert aria-hidden="true" />
              <p>{t('mfa.codesLow')}</p>
            </Notice>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDialog('regenerate')}>
              {t('mfa.newCodes')}
            </Button>
            <Button variant="outline" onClick={() => setDialog('disable')}>
              {t('mfa.turnOff')}
            </Button>
          </div>
        </>
      ) : (
        <Button className="justify-self-start" onClick={() => setDialog('setup')}>
          {t('mfa.turnOn')}
        </Button>
      )}

      <MfaSetupDialog open={dialog === 'setup'} onOpenChange={openChange('setup')} />
      <RegenerateCodesDialog open={dialog === 'regenerate'} onOpenChange={openChange('regenerate')} />
      <DisableMfaDialog open={dialog === 'disable'} onOpenChange={openChange('disable')} />
    </div>
  );
}
