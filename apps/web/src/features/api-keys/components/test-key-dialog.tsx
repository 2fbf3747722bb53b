import type { ApiKey } from '@doppel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { FormActions } from '@/components/form/form-actions';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';

interface TestKeyDialogProps {
  /** The key to test; the dialog is open while there is one. */
  apiKey: ApiKey | null;
  busy: boolean;
  onClose: () => void;
  /** Runs the test with the pasted key; the dialog closes when it resolves true. */
  onTest: (key: ApiKey, fullKey: string) => Promise<boolean>;
}

/**
 * Only the creation answer carries a key in full, so a key created before this page view is
 * tested with the key the user pastes. It goes into a password input and nowhere else.
 */
export function TestKeyDialog({ apiKey, busy, onClose, onTest }: TestKeyDialogProps) {
  const { t } = useTranslation('apiKeys');
  return (
    <FormDialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      busy={busy}
      title={t('test.title')}
      description={t('test.description', { name: apiKey?.name ?? '' })}
      closeLabel={t('form.close')}
      className="md:max-w-lg"
    >
      {apiKey ? <TestKeyForm apiKey={apiKey} busy={busy} onCancel={onClose} onTest={onTest} /> : null}
    </FormDialog>
  );
}

function TestKeyForm({
  apiKey,
  busy,
  onCancel,
  onTest,
}: {
  apiKey: ApiKey;
  busy: boolean;
  onCancel: () => void;
  onTest: (key: ApiKey, fullKey: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('apiKeys');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fullKey = value.trim();
    if (!fullKey) {
      setError(t('test.keyRequired'));
      return;
    }
    if (await onTest(apiKey, fullKey)) onCancel();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 px-5 py-4">
        <FormField label={t('test.key')} error={error}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="off"
              spellCheck={false}
              autoFocus
              className="font-mono"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
      </div>
      <FormActions
        busy={busy}
        onCancel={onCancel}
        cancelLabel={t('test.cancel')}
        submitLabel={t('test.submit')}
      />
    </form>
  );
}
