import type { LucideIcon } from 'lucide-react';
import { Badge } from './ui/badge';
import { cn } from '@/lib/utils';

interface ComingSoonProps {
  icon: LucideIcon;
  title: string;
  description: string;
  badge: string;
  /** Heading level: a page uses h1, a panel inside a dialog h2 or h3. */
  headingLevel?: 1 | 2 | 3;
  /** Less vertical room, for a panel inside a dialog. */
  compact?: boolean;
  className?: string;
}

/** The state of an area that is not built yet: what it is and what will be here. */
export function ComingSoon({
  icon: Icon,
  title,
  description,
  badge,
  headingLevel = 1,
  compact = false,
  className,
}: ComingSoonProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      className={cn(
        'mx-auto flex max-w-md flex-col items-center gap-4 px-6 text-center',
        compact ? 'py-10' : 'py-16',
        className,
      )}
      aria-label={title}
    >
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <div className="grid gap-2">
        <Heading className="text-xl font-semibold tracking-tight">{title}</Heading>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <Badge variant="outline">{badge}</Badge>
    </section>
  );
}
