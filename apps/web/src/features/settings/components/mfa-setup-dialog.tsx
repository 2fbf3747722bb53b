import type { MfaSetup } from '@doppel/contracts';
import { Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { useConfirmMfaSetup, useStartMfaSetup } from '../api/mfa';
import { CodeField, PasswordField, StepButtons, useCheckCode } from './mfa-fields';
import { RecoveryCodes } from './mfa-recovery-codes';

interface MfaSetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Turning MFA on: the password, then the QR code (and its key as text) for the authenticator
 * app and the app's first code, then the recovery codes, shown once.
 */
export function MfaSetupDialog({ open, onOpenChange }: MfaSetupDialogProps) {
  const { t } = useTranslation('security');
  const start = useStartMfaSetup();
  const confirm = useConfirmMfaSetup();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setSetup(null);
      setCodes(null);
    }
  };

  let description = t('setup.passwordDescription');
  if (codes) description = t('setup.turnedOn');
  else if (setup) description = t('setup.scanDescription');

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      busy={start.isPending || confirm.isPending}
      title={codes ? t('codes.title') : t('setup.title')}
      description={description}
      closeLabel={t('close')}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => close(false)} />
      ) : setup ? (
        <ScanStep
          setup={setup}
          busy={confirm.isPending}
          onCode={async (code) => {
            const answer = await confirm.mutateAsync({ code });
            notifySuccess(t('setup.turnedOn'));
            setCodes(answer.recoveryCodes);
          }}
          onCancel={() => close(false)}
        />
      ) : (
        <PasswordStep
          busy={start.isPending}
          onPassword={async (password) => setSetup(await start.mutateAsync({ password }))}
          onCancel={() => close(false)}
        />
      )}
    </FormDialog>
  );
}

function PasswordStep({
  busy,
  onPassword,
  onCancel,
}: {
  busy: boolean;
  onPassword: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) return setProblem(t('fields.passwordRequired'));
    try {
      await onPassword(password);
    } catch (error) {
      setProblem(errorMessage(error, t('setup.failed')));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <PasswordField
        value={password}
        onChange={(value) => {
          setPassword(value);
          setProblem(null);
        }}
        problem={problem}
      />
      <StepButtons busy={busy} submit={t('setup.continue')} onCancel={onCancel} />
    </form>
  );
}

function ScanStep({
  setup,
  busy,
  onCode,
  onCancel,
}: {
  setup: MfaSetup;
  busy: boolean;
  onCode: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const checkCode = useCheckCode();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Groups of four, as authenticator apps take it typed in (spaces are ignored).
  const key = setup.secret.replace(/(.{4})/g, '$1 ').trim();

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      notifySuccess(t('setup.keyCopied'));
    } catch {
      notifyFailure(t('setup.keyCopyFailed'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkCode(typed);
    if ('problem' in checked) return setProblem(checked.problem);
    try {
      await onCode(checked.code);
    } catch (error) {
      setProblem(errorMessage(error, t('setup.failed')));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <img
        src={setup.qrCodeDataUrl}
        alt={t('setup.qrAlt')}
        width={176}
        height={176}
        className="justify-self-center rounded-md border bg-white p-1"
      />
      <FormField label={t('setup.key')} hint={t('setup.keyHint')}>
        {(control) => (
          <div className="flex gap-2">
            <Input {...control} readOnly value={key} spellCheck={false} className="font-mono" />
            <Button
              variant="outline"
              size="icon"
              aria-label={t('setup.copyKey')}
              onClick={() => void copyKey()}
            >
              <Copy aria-hidden="true" />
            </Button>
          </div>
        )}
      </FormField>
      <CodeField
        value={typed}
        onChange={(value) => {
          setTyped(value);
          setProblem(null);
        }}
        problem={problem}
        autoFocus={false}
      />
      <StepButtons busy={busy} submit={t('setup.confirm')} onCancel={onCancel} />
    </form>
  );
}
