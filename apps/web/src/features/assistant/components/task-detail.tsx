import type { Task } from '@doppel/contracts';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { AnalysisBlock } from './analysis-block';
import { LanguageFallbackNotice } from './language-fallback-notice';
import { isHighConceptAnalysis, ProposalBlock } from './proposal-block';
import { TaskHeader } from './task-header';
import { TriggerBlock } from './trigger-block';

// The composer carries the reply templates of every language; it loads once a task is open.
const Composer = lazy(() => import('./composer'));

/**
 * The selected task: header, analysis, trigger, then the composer — or, for
 * a High Concept Analysis, the way to its proposal.
 */
export function TaskDetail({ task, titleId }: { task: Task; titleId?: string }) {
  return (
    <article className="grid gap-4" aria-labelledby={titleId}>
      <TaskHeader task={task} titleId={titleId} />
      <AnalysisBlock task={task} />
      <TriggerBlock task={task} />
      <LanguageFallbackNotice task={task} />
      {isHighConceptAnalysis(task) ? (
        <ProposalBlock task={task} />
      ) : (
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          {/* Keyed by task so switching tasks starts the composer afresh. */}
          <Composer key={task.id} task={task} />
        </Suspense>
      )}
    </article>
  );
}
