import { mfaCodeSchema, mfaRecoveryCodeSchema, type MfaChallenge } from '@doppel/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { useSignInMfa } from '../api/use-auth-mutations';

interface MfaStepProps {
  challenge: MfaChallenge;
  onSignedIn: () => void;
  /** Back to the email and password (a new challenge comes with the next password step). */
  onBack: () => void;
}

/**
 * The second step of a sign-in with multi-factor authentication on: the authenticator app's
 * code, or one recovery code, and whether to skip this step in this browser for 30 days.
 */
export function MfaStep({ challenge, onSignedIn, onBack }: MfaStepProps) {
  const { t } = useTranslation('auth');
  const verify = useSignInMfa();
  const rememberId = useId();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const switchMode = () => {
    setUseRecovery((current) => !current);
    setValue('');
    setProblem(null);
  };

  const submit = async () => {
    const parsed = (useRecovery ? mfaRecoveryCodeSchema : mfaCodeSchema).safeParse(value);
    if (!parsed.success) {
      const empty = value.trim() === '';
      if (useRecovery) setProblem(empty ? t('mfa.recoveryCodeRequired') : t('mfa.recoveryCodeFormat'));
      else setProblem(empty ? t('mfa.codeRequired') : t('mfa.codeFormat'));
      return;
    }
    setProblem(null);
    try {
      await verify.mutateAsync({
        challenge: challenge.challenge,
        ...(useRecovery ? { recoveryCode: parsed.data } : { code: parsed.data }),
        rememberDevice,
      });
      onSignedIn();
    } catch (error) {
      setProblem(errorMessage(error, t('mfa.failed')));
    }
  };

  const busy = verify.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
      className="grid gap-4"
      aria-label={t('mfa.formLabel')}
    >
      <p className="text-sm text-muted-foreground">
        {useRecovery ? t('mfa.recoveryDescription') : t('mfa.description')}
      </p>
      <FormField label={useRecovery ? t('mfa.recoveryCode') : t('mfa.code')} error={problem ?? undefined}>
        {(control) => (
          <Input
            {...control}
            key={useRecovery ? 'recovery' : 'code'}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
            autoFocus
            autoComplete={useRecovery ? 'off' : 'one-time-code'}
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={useRecovery ? 64 : 12}
            className="font-mono tracking-widest"
          />
        )}
      </FormField>
      <div className="-mt-1 flex justify-end">
        <Button variant="link" size="inline" onClick={switchMode}>
          {useRecovery ? t('mfa.useApp') : t('mfa.useRecoveryCode')}
        </Button>
      </div>
      <div className="flex min-h-11 items-center gap-3 md:min-h-0">
        {/* Native: Radix's checkbox inside a form measures itself with ResizeObserver for no gain here. */}
        <input
          id={rememberId}
          type="checkbox"
          className="size-5 shrink-0 accent-primary md:size-4"
          checked={rememberDevice}
          onChange={(event) => setRememberDevice(event.target.checked)}
        />
        <Label htmlFor={rememberId}>{t('mfa.rememberDevice')}</Label>
      </div>
      <Button type="submit" loading={busy} className="w-full">
        {busy ? t('mfa.submitting') : t('mfa.submit')}
      </Button>
      <Button variant="link" size="inline" className="justify-self-center" onClick={onBack}>
        {t('mfa.back')}
      </Button>
    </form>
  );
}
