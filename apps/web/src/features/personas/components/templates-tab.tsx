import type { MessageTemplate } from '@doppel/contracts';
import { FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { EmptyState } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { platformLabel } from '../utils/platform-label';
import { useDeleteTemplate, usePersonaTemplates } from '../api/personas-api';
import { TemplateFormDialog } from './template-form-dialog';

/** The persona's message templates: list, create, edit and delete. */
export function TemplatesTab({ personaId }: { personaId: string }) {
  const { t } = useTranslation('personas');
  const templates = usePersonaTemplates(personaId);
  const remove = useDeleteTemplate(personaId);
  // null: closed; 'new': creating; a template: editing it.
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const headingId = useId();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
    } catch {
      return;
    }
    setDeleting(null);
  };

  let content;
  if (templates.isPending) {
    content = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{t('templates.loading')}</span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (!templates.data) {
    content = (
      <ErrorState
        message={errorMessage(templates.error, t('errors.loadTemplates'))}
        onRetry={() => void templates.refetch()}
        retrying={templates.isFetching}
      />
    );
  } else if (templates.data.items.length === 0) {
    content = <EmptyState size="section" icon={FileText} title={t('templates.empty')} />;
  } else {
    content = (
      <ul aria-labelledby={headingId} className="grid gap-3">
        {templates.data.items.map((template) => (
          <TemplateItem
            key={template.id}
            template={template}
            onEdit={() => setEditing(template)}
            onDelete={() => setDeleting(template)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {t('templates.title')}
        </h2>
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          {t('templates.create')}
        </Button>
      </div>
      {content}
      <TemplateFormDialog
        personaId={personaId}
        template={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        pending={remove.isPending}
        title={t('templates.deleteTitle')}
        description={t('templates.deleteDescription', { name: deleting?.name ?? '' })}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}

function TemplateItem({
  template,
  onEdit,
  onDelete,
}: {
  template: MessageTemplate;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('personas');
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="grid gap-2 rounded-lg border p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-medium">
            {template.name}
          </h3>
          <Badge variant="info">{platformLabel(template.platform, t)}</Badge>
          <div className="ml-auto flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('templates.edit', { name: template.name })}
              onClick={onEdit}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('templates.delete', { name: template.name })}
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </div>
        <p className="text-sm whitespace-pre-line text-muted-foreground">{template.content}</p>
        {template.variables.length > 0 ? (
          <ul aria-label={t('templates.variables')} className="flex flex-wrap gap-1.5">
            {template.variables.map((variable) => (
              <li key={variable}>
                <Badge variant="outline">{`{${variable}}`}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  );
}
