import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const noticeVariants = cva('flex gap-3 rounded-lg border [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    size: {
      default: 'px-4 py-3 text-sm',
      sm: 'px-3 py-2 text-xs',
    },
    variant: {
      info: 'border-transparent bg-primary-soft text-primary-soft-foreground',
      warning: 'border-transparent bg-warning-soft text-warning-soft-foreground',
      success: 'border-transparent bg-success-soft text-success-soft-foreground',
      destructive: 'border-transparent bg-destructive-soft text-destructive-soft-foreground',
      neutral: 'bg-subtle text-muted-foreground',
    },
  },
  defaultVariants: { variant: 'info', size: 'default' },
});

/** An inline message block (not a toast): info, warning, success or error. */
export function Notice({
  className,
  variant,
  size,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof noticeVariants>) {
  return <div className={cn(noticeVariants({ variant, size }), className)} {...props} />;
}
