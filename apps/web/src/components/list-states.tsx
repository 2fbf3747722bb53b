import { Plus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';

// A list's three states besides its items: loading (here), empty (here) and failed (ErrorState,
// components/error-state.tsx, with its Retry).

/** Something loading: a polite live status that says what, with the placeholders inside. */
export function LoadingState({
  label,
  className,
  children,
}: {
  /** Read by screen readers only: "Loading personas…". */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/**
 * A list's loading placeholder: `count` items at the items' own shape (the children), so nothing
 * jumps when the list arrives.
 */
export function ListSkeleton({
  label,
  count,
  className = 'grid gap-3',
  itemClassName,
  itemTestId,
  children,
}: {
  label: string;
  count: number;
  /** The list's layout: the placeholders sit where the items will. */
  className?: string;
  itemClassName: string;
  itemTestId?: string;
  children: ReactNode;
}) {
  return (
    <LoadingState label={label} className={className}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-testid={itemTestId} className={itemClassName} aria-hidden="true">
          {children}
        </div>
      ))}
    </LoadingState>
  );
}

const EMPTY_LAYOUT = {
  /** A list's whole area: the icon in a badge, a line, a hint and the primary action. */
  page: 'flex min-h-72 flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center',
  /** A list inside a section (a tab, a panel): smaller, the icon plain. */
  section: 'grid justify-items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center',
} as const;

/** A list with nothing in it (yet, or under this filter): an icon, one line, and what to do. */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
  size = 'page',
  children,
}: {
  icon: LucideIcon;
  title: string;
  hint?: string;
  /** The primary action: a button with a plus, or the children for anything else. */
  action?: { label: string; onClick: () => void };
  size?: keyof typeof EMPTY_LAYOUT;
  children?: ReactNode;
}) {
  return (
    <div className={EMPTY_LAYOUT[size]}>
      {size === 'page' ? (
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
          <Icon className="size-6" aria-hidden="true" />
        </span>
      ) : (
        <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      )}
      <div className="grid gap-1">
        <p className={hint || size === 'page' ? 'font-medium' : 'text-sm text-muted-foreground'}>{title}</p>
        {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      </div>
      {action ? (
        <Button onClick={action.onClick}>
          <Plus aria-hidden="true" />
          {action.label}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
