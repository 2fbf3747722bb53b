import type { Persona } from '@doppel/contracts';
import { useState } from 'react';
import { cn, initialsOf } from '@/lib/utils';

/** The persona's picture when it has one that loads, else its initials; decorative either way. */
export function PersonaAvatar({
  persona,
  large = false,
}: {
  persona: Pick<Persona, 'name' | 'avatarUrl'>;
  large?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const size = large ? 'size-14 text-lg' : 'size-11 text-sm';
  if (persona.avatarUrl && failed !== persona.avatarUrl) {
    return (
      <img
        src={persona.avatarUrl}
        alt=""
        aria-hidden="true"
        referrerPolicy="no-referrer"
        onError={() => setFailed(persona.avatarUrl)}
        className={cn('shrink-0 rounded-full bg-muted object-cover', size)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="persona-initials"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground select-none',
        size,
      )}
    >
      {initialsOf(persona.name)}
    </span>
  );
}
