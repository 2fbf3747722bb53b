import type { Task } from '@doppel/contracts';
import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Whether the task is a High Concept Analysis carrying a proposal for one of the user's personas. */
export function hasPersonaProposal(task: Task): boolean {
  return task.type === 'high_concept_analysis' && Boolean(task.context.personaId && task.context.proposal);
}

/**
 * A High Concept Analysis holds a proposal for a persona instead of a message to send: it is
 * reviewed field by field on the Personas page, where the persona is.
 */
export function ProposalBlock({ task }: { task: Task }) {
  const { t } = useTranslation('assistant');
  const count = Object.keys(task.context.proposal ?? {}).length;
  const reviewed = task.status === 'completed';
  return (
    <section className="grid gap-2 rounded-lg border p-4" aria-labelledby={`proposal-${task.id}`}>
      <h3 id={`proposal-${task.id}`} className="font-medium">
        {t('proposal.title')}
      </h3>
      <p className="text-sm text-muted-foreground">
        {reviewed ? t('proposal.reviewed') : t('proposal.fields', { count })}
      </p>
      {count > 0 ? (
        <Button asChild variant={reviewed ? 'outline' : 'default'} className="justify-self-start">
          <Link to={`/high-concept?persona=${task.context.personaId}&proposal=${task.id}`}>
            <ClipboardCheck aria-hidden="true" />
            {reviewed ? t('proposal.open') : t('proposal.review')}
          </Link>
        </Button>
      ) : null}
    </section>
  );
}
