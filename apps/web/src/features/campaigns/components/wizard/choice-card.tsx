import { Check, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A choice of the wizard: a toggle button (aria-pressed) named by its title and described by
 * its details, so a screen reader hears "Raise Funding, toggle button, pressed" first.
 * Only the title is inside the button, so its name holds all its visible text (WCAG 2.5.3,
 * label in name); the button's ::after stretches over the card, so a click anywhere on it
 * toggles. A disabled choice stays focusable (aria-disabled), so its details — the reason it
 * cannot be chosen — are still read out.
 */
export function ChoiceCard({
  title,
  icon: Icon,
  selected,
  onToggle,
  aside,
  disabled = false,
  children,
  className,
}: {
  title: string;
  icon?: LucideIcon;
  selected: boolean;
  onToggle: () => void;
  /** Beside the title: a badge, say. */
  aside?: ReactNode;
  /** Shown, but cannot be chosen; say why in the details. */
  disabled?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  const detailsId = useId();
  return (
    <div
      className={cn(
        'relative flex min-h-11 w-full items-start gap-3 rounded-lg border bg-background p-3 text-left transition-colors hover:bg-muted has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
        selected && 'border-primary bg-primary-soft/60 ring-1 ring-primary hover:bg-primary-soft',
        disabled && 'cursor-not-allowed border-dashed bg-muted/40 hover:bg-muted/40',
        className,
      )}
    >
      {Icon ? (
        <span
          className={cn(
            'inline-flex size-9 shrink-0 items-center justify-center rounded-md',
            selected ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
      ) : null}
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 pr-6">
          <button
            type="button"
            aria-pressed={selected}
            aria-describedby={children ? detailsId : undefined}
            aria-disabled={disabled || undefined}
            onClick={disabled ? undefined : onToggle}
            className={cn(
              'text-left font-medium outline-none after:absolute after:inset-0 after:rounded-lg',
              disabled && 'cursor-not-allowed text-muted-foreground',
            )}
          >
            {title}
          </button>
          {aside}
        </span>
        {children ? (
          <span id={detailsId} className="grid gap-1 text-sm text-muted-foreground">
            {children}
          </span>
        ) : null}
      </span>
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-3 right-3 inline-flex size-5 items-center justify-center rounded-full border',
          selected ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
          disabled && 'hidden',
        )}
      >
        {selected ? <Check className="size-3" /> : null}
      </span>
    </div>
  );
}
