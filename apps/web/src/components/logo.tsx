import { BRAND_NAME } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

/** Wordmark with its two-circle sign; the text is the brand name, the same in every language. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <circle cx="13" cy="16" r="6" fill="none" className="stroke-primary-foreground" strokeWidth="2.5" />
        <circle
          cx="19"
          cy="16"
          r="6"
          fill="none"
          className="stroke-primary-foreground"
          strokeWidth="2.5"
          opacity=".7"
        />
      </svg>
      <span className={cn('text-lg', compact && 'text-base')}>{BRAND_NAME}</span>
    </span>
  );
}
