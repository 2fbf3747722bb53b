import type { Task } from '@doppel/contracts';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { AnalysisBlock } from './analysis-block';
import { LanguageFallbackNotice } from './language-fallback-notice';
import { isHighConceptAnalysis, ProposalBlock } from './proposal-block';
import { TaskHeader } from './task-header';
import { TaskWorkflow } from './task-workflow';
import { TriggerBlock } from './trigger-block';

// The composer carries the reply templates of every language; it loads once a task is open.
const Composer = lazy(() => import('./composer'));

/**
 * The selected task: header, status, assignee and due date, analysis, trigger, then the composer — or, for
 * a High Concept Analysis, the way to its proposal.
 */
export function TaskDetail({
  task,
  titleId,
  editRequest,
}: {
  task: Task;
  titleId?: string;
  /** Raised by the E shortcut: the composer opens its editor (see Composer). */
  editRequest?: number;
}) {
  return (
    <article
      className="grid gap-4 rounded-lg outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-task-detail={task.id}
    >
      <TaskHeader task={task} titleId={titleId} />
      <TaskWorkflow task={task} />
      <AnalysisBlock task={task} />
      <TriggerBlock task={task} />
      <LanguageFallbackNotice task={task} />
      {isHighConceptAnalysis(task) ? (
        <ProposalBlock task={task} />
      ) : (
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          {/* Keyed by task so switching tasks starts the composer afresh. */}
          <Composer key={task.id} task={task} editRequest={editRequest} />
        </Suspense>
      )}
    </article>
  );
}
