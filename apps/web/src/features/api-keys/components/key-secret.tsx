import { Copy, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { copyText } from './copy-text';

interface KeySecretProps {
  /** The masked preview the server keeps: "••••AbC1". */
  preview: string;
  /** The full key, when this page view has it (just created, or pasted for a test). */
  fullKey: string | undefined;
  /** Its label is read by screen readers only (the list); the created view shows it. */
  hideLabel?: boolean;
  autoFocus?: boolean;
}

/**
 * A key's value: masked until revealed, each key on its own. Only a key this page
 * view knows in full can be revealed or copied; for the others, revealing explains why not.
 */
export function KeySecret({ preview, fullKey, hideLabel = false, autoFocus }: KeySecretProps) {
  const { t } = useTranslation('apiKeys');
  const [shown, setShown] = useState(false);
  const inputId = useId();
  const noteId = useId();
  const explain = shown && !fullKey;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
        {t('key.value')}
      </label>
      <div className="flex items-center gap-2">
        <Input
          id={inputId}
          readOnly
          value={shown && fullKey ? fullKey : preview}
          aria-describedby={explain ? noteId : undefined}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          autoComplete="off"
          className="min-w-0 font-mono"
        />
        <Button
          variant="outline"
          size="icon"
          aria-label={shown ? t('key.hide') : t('key.show')}
          autoFocus={autoFocus}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('key.copy')}
          // Focusable while unavailable, so that pressing it can say why.
          aria-disabled={fullKey ? undefined : true}
          aria-describedby={explain ? noteId : undefined}
          onClick={() => (fullKey ? void copyText(fullKey) : setShown(true))}
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
      {explain ? (
        <p id={noteId} role="status" className="text-xs text-muted-foreground">
          {t('key.shownOnce')}
        </p>
      ) : null}
    </div>
  );
}
