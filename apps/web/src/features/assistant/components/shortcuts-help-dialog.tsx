import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

type ShortcutAction = 'previous' | 'next' | 'open' | 'edit' | 'help';

/** The keys as printed on a keyboard: symbols and a letter, the same in every language. */
const SHORTCUTS: ReadonlyArray<{ action: ShortcutAction; keys: readonly string[] }> = [
  { action: 'previous', keys: ['↑'] },
  { action: 'next', keys: ['↓'] },
  { action: 'open', keys: ['enter'] },
  { action: 'edit', keys: ['E'] },
  { action: 'help', keys: ['?'] },
];

/** The help sheet of the Assistant's keyboard shortcuts ("?" or the keyboard button opens it). */
export function ShortcutsHelpDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('shortcuts');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="md:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 p-5">
          <table className="w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('keysLabel')}</th>
                <th scope="col">{t('actionLabel')}</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.map(({ action, keys }) => (
                <tr key={action} className="border-b last:border-b-0">
                  <td className="py-2 pr-4 align-top whitespace-nowrap">
                    {keys.map((key) => (
                      <kbd
                        key={key}
                        className="inline-flex min-w-7 items-center justify-center rounded border bg-muted px-1.5 py-0.5 font-mono text-xs"
                      >
                        {key === 'enter' ? t('enterKey') : key}
                      </kbd>
                    ))}
                  </td>
                  <td className="py-2">{t(`list.${action}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-xs text-muted-foreground">{t('whileTyping')}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
