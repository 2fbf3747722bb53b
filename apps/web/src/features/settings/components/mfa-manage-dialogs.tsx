import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { useDisableMfa, useRegenerateRecoveryCodes } from '../api/mfa';
import { CodeField, PasswordField, StepButtons, useCheckCode } from './mfa-fields';
import { RecoveryCodes } from './mfa-recovery-codes';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** New recovery codes for a current code from the app; then the codes, shown once. */
export function RegenerateCodesDialog({ open, onOpenChange }: DialogProps) {
  const { t } = useTranslation('security');
  const regenerate = useRegenerateRecoveryCodes();
  const checkCode = useCheckCode();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setTyped('');
      setProblem(null);
      setCodes(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (regenerate.isPending) return;
    const checked = checkCode(typed);
    if ('problem' in checked) return setProblem(checked.problem);
    try {
      setCodes((await regenerate.mutateAsync({ code: checked.code })).recoveryCodes);
    } catch (error) {
      setProblem(errorMessage(error, t('regenerate.failed')));
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      busy={regenerate.isPending}
      title={codes ? t('codes.title') : t('regenerate.title')}
      description={codes ? t('regenerate.replaced') : t('regenerate.description')}
      closeLabel={t('close')}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => close(false)} />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <CodeField
            value={typed}
            onChange={(value) => {
              setTyped(value);
              setProblem(null);
            }}
            problem={problem}
          />
          <StepButtons
            busy={regenerate.isPending}
            submit={t('regenerate.submit')}
            onCancel={() => close(false)}
          />
        </form>
      )}
    </FormDialog>
  );
}

/** Turning MFA off, confirmed with the password or a current code from the app. */
export function DisableMfaDialog({ open, onOpenChange }: DialogProps) {
  const { t } = useTranslation('security');
  const disable = useDisableMfa();
  const checkCode = useCheckCode();
  const [withCode, setWithCode] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const reset = (codeMode: boolean) => {
    setWithCode(codeMode);
    setTyped('');
    setProblem(null);
  };
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disable.isPending) return;
    let proof: { code: string } | { password: string };
    if (withCode) {
      const checked = checkCode(typed);
      if ('problem' in checked) return setProblem(checked.problem);
      proof = checked;
    } else {
      if (!typed) return setProblem(t('fields.passwordRequired'));
      proof = { password: typed };
    }
    try {
      await disable.mutateAsync(proof);
      notifySuccess(t('disable.turnedOff'));
      close(false);
    } catch (error) {
      setProblem(errorMessage(error, t('disable.failed')));
    }
  };

  const edit = (value: string) => {
    setTyped(value);
    setProblem(null);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      busy={disable.isPending}
      title={t('disable.title')}
      description={t('disable.description')}
      closeLabel={t('close')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        {withCode ? (
          <CodeField key="code" value={typed} onChange={edit} problem={problem} />
        ) : (
          <PasswordField key="password" value={typed} onChange={edit} problem={problem} />
        )}
        <Button variant="link" size="inline" className="justify-self-start" onClick={() => reset(!withCode)}>
          {withCode ? t('disable.usePassword') : t('disable.useCode')}
        </Button>
        <StepButtons
          busy={disable.isPending}
          submit={t('disable.submit')}
          onCancel={() => close(false)}
          destructive
        />
      </form>
    </FormDialog>
  );
}
