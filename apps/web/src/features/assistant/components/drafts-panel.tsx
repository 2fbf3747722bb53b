import type { DraftKind, Task } from '@doppel/contracts';
import { Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useGenerateDrafts } from '../api/task-replies';

/**
 * "Generate quick" and "Generate detailed" (spec §2 item 8): drafts saved into the task's
 * responses, which the composer then offers as starting points.
 */
export function DraftsPanel({ task }: { task: Task }) {
  const { t } = useTranslation('assistant');
  const generate = useGenerateDrafts();
  const running = generate.isPending ? generate.variables.kind : null;
  const drafts = (['quick', 'detailed'] as const).filter((kind) => task.responses[kind]);
  const run = (kind: DraftKind) => generate.mutate({ taskId: task.id, kind });
  return (
    <section aria-labelledby={`drafts-${task.id}`} className="grid gap-3 rounded-lg border p-4">
      <h3 id={`drafts-${task.id}`} className="text-sm font-semibold">
        {t('drafts.title')}
      </h3>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          onClick={() => run('quick')}
          loading={running === 'quick'}
          disabled={generate.isPending}
        >
          <Wand2 aria-hidden="true" />
          {t('drafts.generateQuick')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => run('detailed')}
          loading={running === 'detailed'}
          disabled={generate.isPending}
        >
          <Wand2 aria-hidden="true" />
          {t('drafts.generateDetailed')}
        </Button>
      </div>
      {drafts.length === 0 ? <p className="text-xs text-muted-foreground">{t('drafts.empty')}</p> : null}
      {drafts.map((kind) => (
        <figure key={kind} className="grid gap-1">
          <figcaption className="text-xs font-medium text-muted-foreground">{t(`drafts.${kind}`)}</figcaption>
          <p className="rounded-md bg-subtle px-3 py-2 text-sm whitespace-pre-line">{task.responses[kind]}</p>
        </figure>
      ))}
      {drafts.length > 0 ? <p className="text-xs text-muted-foreground">{t('drafts.engine')}</p> : null}
    </section>
  );
}
