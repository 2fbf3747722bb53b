import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Skeleton({
  circle = false,
  className,
  ...props
}: ComponentProps<'div'> & { circle?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse bg-muted', circle ? 'rounded-full' : 'rounded-md', className)}
      {...props}
    />
  );
}
