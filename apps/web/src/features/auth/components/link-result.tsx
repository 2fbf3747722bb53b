import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';

type LinkResultProps =
  | { state: 'pending'; message: string; children?: ReactNode }
  | { state: 'success' | 'error'; message: string; children?: ReactNode };

/** The outcome of opening an email link: working, done, or failed — plus what to do next. */
export function LinkResult({ state, message, children }: LinkResultProps) {
  return (
    <div className="grid gap-4">
      {state === 'pending' ? (
        <div role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
          <Spinner />
          {message}
        </div>
      ) : (
        <Notice
          variant={state === 'success' ? 'success' : 'destructive'}
          role={state === 'success' ? 'status' : 'alert'}
        >
          {state === 'success' ? <CircleCheck aria-hidden="true" /> : <CircleX aria-hidden="true" />}
          <p>{message}</p>
        </Notice>
      )}
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
