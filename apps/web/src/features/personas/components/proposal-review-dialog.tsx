import { proposableFields, type Persona, type ProposableField } from '@doppel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { useAcceptProposal, useProposalTask } from '../api/personas-api';
import { ALL_FIELDS } from '../utils/persona-fields';
import { PersonaFieldView } from './persona-field';

interface ProposalReviewDialogProps {
  persona: Persona;
  taskId: string;
  onClose: () => void;
}

/**
 * The review of a High Concept Analysis: each proposed field beside the current
 * value, with a checkbox; only the checked fields are written to the persona.
 */
export function ProposalReviewDialog({ persona, taskId, onClose }: ProposalReviewDialogProps) {
  const { t } = useTranslation('personas');
  const task = useProposalTask(taskId);
  const accept = useAcceptProposal(persona.id, taskId);
  const proposal = task.data?.context.proposal ?? {};
  const fields = proposableFields.filter((field) => proposal[field] !== undefined);
  // Everything starts accepted; the user unticks what does not fit.
  const [rejected, setRejected] = useState<Set<ProposableField>>(new Set());
  const chosen = fields.filter((field) => !rejected.has(field));
  const reviewed = task.data?.status === 'completed';
  const proposed: Persona = { ...persona, ...proposal };

  const toggle = (field: ProposableField, accepted: boolean) =>
    setRejected((current) => {
      const next = new Set(current);
      if (accepted) next.delete(field);
      else next.add(field);
      return next;
    });

  let body;
  if (task.isPending) {
    body = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{t('proposal.loading')}</span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (!task.data) {
    body = (
      <ErrorState
        message={errorMessage(task.error, t('proposal.loadFailed'))}
        onRetry={() => void task.refetch()}
        retrying={task.isFetching}
      />
    );
  } else if (fields.length === 0) {
    body = <p className="text-sm text-muted-foreground">{task.data.context.summary}</p>;
  } else {
    body = (
      <ul aria-label={t('proposal.fieldsLabel')} className="grid gap-3">
        {fields.map((field) => {
          const spec = ALL_FIELDS.find((candidate) => candidate.name === field)!;
          const checkboxId = `proposal-${field}`;
          return (
            <li key={field} className="grid gap-3 rounded-lg border p-3">
              <label htmlFor={checkboxId} className="flex items-center gap-2 font-medium">
                <Checkbox
                  id={checkboxId}
                  checked={!rejected.has(field)}
                  disabled={reviewed}
                  onCheckedChange={(checked) => toggle(field, checked === true)}
                />
                {t('proposal.accept', { field: t(`fields.${field}`) })}
              </label>
              <div className="grid gap-3 md:grid-cols-2">
                <div className="grid gap-1">
                  <span className="text-xs font-medium text-muted-foreground">{t('proposal.current')}</span>
                  <dl>
                    <PersonaFieldView spec={{ ...spec, wide: false }} persona={persona} />
                  </dl>
                </div>
                <div className="grid gap-1">
                  <span className="text-xs font-medium text-muted-foreground">{t('proposal.proposed')}</span>
                  <dl>
                    <PersonaFieldView spec={{ ...spec, wide: false }} persona={proposed} />
                  </dl>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('proposal.close')} className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('proposal.title', { name: persona.name })}</DialogTitle>
          <DialogDescription>
            {reviewed ? t('proposal.reviewed') : t('proposal.description')}{' '}
            {task.data?.context.analyzedBy ? (
              <Badge variant="outline">
                {task.data.context.analyzedBy === 'offline'
                  ? t('proposal.byOffline')
                  : t('proposal.byModel', { model: task.data.context.analyzedBy })}
              </Badge>
            ) : null}
            {task.data?.context.analysisFallback ? (
              <span className="mt-1 block text-xs">
                {t('proposal.fallback', { model: task.data.context.analysisFallback.model })}
              </span>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {body}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={accept.isPending}>
            {t('proposal.close')}
          </Button>
          {fields.length > 0 && !reviewed ? (
            <Button
              disabled={chosen.length === 0}
              loading={accept.isPending}
              onClick={() => accept.mutate(chosen, { onSuccess: onClose })}
            >
              {t('proposal.apply', { count: chosen.length })}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
