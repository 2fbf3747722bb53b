import { Skeleton } from '@/components/ui/skeleton';

/** What the content area shows while a page's code loads; the shell around it stays put. */
export function PageFallback() {
  return (
    <div className="grid gap-4 p-4 md:p-8" aria-busy="true">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-72" />
      <div className="grid gap-3 pt-4 md:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    </div>
  );
}
