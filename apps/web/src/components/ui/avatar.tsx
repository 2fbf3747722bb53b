import { cn, initialsOf } from '@/lib/utils';

/** Initials in a circle; decorative, since the name is always written next to it or in the label. */
export function Avatar({
  name,
  large = false,
  className,
}: {
  name: string;
  large?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground select-none',
        large ? 'size-14 text-lg' : 'size-9 text-sm',
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
