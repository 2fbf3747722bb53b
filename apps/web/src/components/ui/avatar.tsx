import { useState } from 'react';
import { cn, initialsOf } from '@/lib/utils';

/**
 * The user's photo when there is one (`src`), else initials in a circle. Decorative unless
 * given a `label`, since the name is always written next to it or in the label; a photo that
 * fails to load falls back to the initials.
 */
export function Avatar({
  name,
  src,
  label,
  large = false,
  className,
}: {
  name: string;
  src?: string | null;
  /** Makes the photo an image of its own with this text (where it is what the screen is about). */
  label?: string;
  large?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const size = large ? 'size-14 text-lg' : 'size-9 text-sm';
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={label ?? ''}
        aria-hidden={label ? undefined : true}
        onError={() => setFailed(src)}
        className={cn('shrink-0 rounded-full bg-muted object-cover', size, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground select-none',
        size,
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
