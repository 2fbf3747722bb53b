import { mfaCodeSchema } from '@doppel/contracts';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** The normalized 6-digit code, or the words for what is wrong with what was typed. */
export function useCheckCode() {
  const { t } = useTranslation('security');
  return (typed: string): { code: string } | { problem: string } => {
    const parsed = mfaCodeSchema.safeParse(typed);
    if (parsed.success) return { code: parsed.data };
    return { problem: typed.trim() === '' ? t('fields.codeRequired') : t('fields.codeFormat') };
  };
}

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  label?: string;
  autoFocus?: boolean;
}

/** An authenticator app's code: digits, offered by the phone's one-time-code autofill. */
export function CodeField({ value, onChange, problem, label, autoFocus = true }: CodeFieldProps) {
  const { t } = useTranslation('security');
  return (
    <FormField label={label ?? t('fields.code')} error={problem ?? undefined}>
      {(control) => (
        <Input
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoFocus={autoFocus}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={12}
          spellCheck={false}
          className="font-mono tracking-widest"
        />
      )}
    </FormField>
  );
}

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  autoFocus?: boolean;
}

export function PasswordField({ value, onChange, problem, autoFocus = true }: PasswordFieldProps) {
  const { t } = useTranslation('security');
  return (
    <FormField label={t('fields.password')} error={problem ?? undefined}>
      {(control) => (
        <Input
          {...control}
          type="password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoFocus={autoFocus}
          autoComplete="current-password"
        />
      )}
    </FormField>
  );
}

/** Cancel and the step's submit, at the foot of each MFA dialog's form. */
export function StepButtons({
  busy,
  submit,
  onCancel,
  destructive = false,
}: {
  busy: boolean;
  submit: string;
  onCancel: () => void;
  destructive?: boolean;
}) {
  const { t } = useTranslation('security');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {t('cancel')}
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} loading={busy}>
        {submit}
      </Button>
    </div>
  );
}
