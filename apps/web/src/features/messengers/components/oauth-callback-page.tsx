import { socialPlatforms, type SocialAccount, type SocialPlatform } from '@doppel/contracts';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { openSettings } from '@/lib/open-settings';
import { notifySuccess } from '@/lib/notify';
import { useFinishSocialConnect } from '../api/social-accounts-api';
import { SOCIAL_NAMES } from './social-accounts';

/*
 * Where Reddit and LinkedIn send the browser back after their consent page (the redirect URI).
 * The page hands code and state to the server with the user's session; the server checks the
 * state is the one this user's Connect issued. A state is single use, so the answer is handed
 * over once even when React runs the effect twice.
 */
const handedOver = new Set<string>();

function platformOf(value: string | undefined): SocialPlatform | null {
  return socialPlatforms.find((platform) => platform === value) ?? null;
}

export function OAuthCallbackPage() {
  const { t } = useTranslation('messengers');
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishSocialConnect();
  const platform = platformOf(params.platform);
  const state = search.get('state') ?? '';
  const started = useRef(false);

  useEffect(() => {
    if (!platform || started.current || handedOver.has(state)) return;
    started.current = true;
    handedOver.add(state);
    const code = search.get('code') ?? undefined;
    const error = search.get('error') ?? undefined;
    finish.mutate(
      {
        platform,
        answer: {
          state: state || '-',
          ...(code ? { code } : {}),
          ...(error || !code ? { error: error ?? 'missing_code' } : {}),
        },
      },
      {
        onSuccess: (account: SocialAccount) => {
          const name =
            account.platform === 'reddit' ? `u/${account.accountName ?? ''}` : (account.accountName ?? '');
          notifySuccess(t('social.connectedToast', { platform: SOCIAL_NAMES[platform], name }));
          void navigate('/actions', { replace: true });
          openSettings('messengers');
        },
      },
    );
  }, [finish, navigate, platform, search, state, t]);

  const failed = !platform || finish.isError;
  return (
    <main className="mx-auto grid max-w-md gap-4 p-8 text-center">
      {failed ? (
        <>
          <TriangleAlert className="mx-auto size-8 text-destructive" aria-hidden="true" />
          <h1 className="text-lg font-semibold">
            {t('social.callbackFailed', { platform: platform ? SOCIAL_NAMES[platform] : '' })}
          </h1>
          <p role="alert" className="text-sm text-muted-foreground">
            {platform
              ? errorMessage(finish.error, t('social.callbackFailedHint'))
              : t('social.callbackUnknown')}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              onClick={() => {
                void navigate('/actions', { replace: true });
                openSettings('messengers');
              }}
            >
              {t('social.openSettings')}
            </Button>
          </div>
        </>
      ) : (
        <p role="status" className="flex items-center justify-center gap-2 text-sm">
          <Spinner />
          {t('social.finishing', { platform: SOCIAL_NAMES[platform] })}
        </p>
      )}
    </main>
  );
}
