import type { ReactNode } from 'react';

/** A settings section's heading and one-line description, with its main action beside them. */
export function SectionHeader({
  headingId,
  title,
  description,
  action,
}: {
  headingId: string;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h3 id={headingId} className="text-base font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {action}
    </div>
  );
}
