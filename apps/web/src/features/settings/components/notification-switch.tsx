import { useId, type ReactNode } from 'react';

interface NotificationSwitchProps {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off channel of Settings → Notifications: a native checkbox announced as a switch. */
export function NotificationSwitch({ label, hint, checked, disabled, onChange }: NotificationSwitchProps) {
  const hintId = useId();
  return (
    <div className="grid gap-1">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium md:min-h-0">
        <input
          type="checkbox"
          role="switch"
          className="size-5 shrink-0 accent-primary md:size-4"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="ps-8 text-xs text-muted-foreground md:ps-7">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A titled block of the tab. */
export function NotificationSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
