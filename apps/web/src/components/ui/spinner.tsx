import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ large = false, className }: { large?: boolean; className?: string }) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn(
        'animate-spin',
        large ? 'size-7 text-primary' : 'size-5 text-muted-foreground',
        className,
      )}
    />
  );
}
