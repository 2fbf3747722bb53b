import type { Task } from '@doppel/contracts';
import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * Whether the task is a High Concept Analysis: it has no message to send (the server refuses
 * to draft one), only a proposal for a persona, when it carries one.
 */
export function isHighConceptAnalysis(task: Task): boolean {
  return task.type === 'high_concept_analysis';
}

/**
 * A High Concept Analysis holds a proposal for a persona instead of a message to send: it is
 * reviewed field by field on the Personas page, where the persona is.
 */
export function ProposalBlock({ task }: { task: Task }) {
  const { t } = useTranslation('assistant');
  const count = task.context.personaId ? Object.keys(task.context.proposal ?? {}).length : 0;
  const reviewed = task.status === 'completed';
  if (count === 0) {
    return (
      <section className="grid gap-2 rounded-lg border p-4" aria-labelledby={`proposal-${task.id}`}>
        <h3 id={`proposal-${task.id}`} className="font-medium">
          {t('proposal.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('proposal.none')}</p>
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/high-concept">{t('proposal.openPersonas')}</Link>
        </Button>
      </section>
    );
  }
  return (
    <section className="grid gap-2 rounded-lg border p-4" aria-labelledby={`proposal-${task.id}`}>
      <h3 id={`proposal-${task.id}`} className="font-medium">
        {t('proposal.title')}
      </h3>
      <p className="text-sm text-muted-foreground">
        {reviewed ? t('proposal.reviewed') : t('proposal.fields', { count })}
      </p>
      <Button asChild variant={reviewed ? 'outline' : 'default'} className="justify-self-start">
        <Link to={`/high-concept?persona=${task.context.personaId}&proposal=${task.id}`}>
          <ClipboardCheck aria-hidden="true" />
          {reviewed ? t('proposal.open') : t('proposal.review')}
        </Link>
      </Button>
    </section>
  );
}
