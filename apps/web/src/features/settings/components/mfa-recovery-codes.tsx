import { Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useSession } from '@/lib/services';
import { notifyFailure, notifySuccess } from '@/lib/notify';

interface RecoveryCodesProps {
  codes: string[];
  onDone: () => void;
}

/**
 * A new set of recovery codes, shown this once (the server keeps only their hashes): copy,
 * download, and a tick that they are saved before Done.
 */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation('security');
  const { user } = useSession();
  const listId = useId();
  const savedId = useId();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess(t('codes.copied'));
    } catch {
      notifyFailure(t('codes.copyFailed'));
    }
  };

  const download = () => {
    const heading = t('codes.fileHeading', { email: user?.email ?? '' });
    const url = URL.createObjectURL(new Blob([`${heading}\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'doppel-recovery-codes.txt';
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked after the click has been handled, or some browsers cancel the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="grid gap-4">
      <p id={listId} className="text-sm text-muted-foreground">
        {t('codes.description')}
      </p>
      <ul
        aria-label={t('codes.listLabel')}
        aria-describedby={listId}
        className="grid grid-cols-2 gap-2 rounded-lg border bg-subtle p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('codes.copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          {t('codes.download')}
        </Button>
      </div>
      <div className="flex min-h-11 items-center gap-3 md:min-h-0">
        {/* Native: Radix's checkbox measures itself with ResizeObserver for no gain here. */}
        <input
          id={savedId}
          type="checkbox"
          className="size-5 shrink-0 accent-primary md:size-4"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        <Label htmlFor={savedId}>{t('codes.saved')}</Label>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone} disabled={!saved}>
          {t('codes.done')}
        </Button>
      </div>
    </div>
  );
}
