import type { AiModel } from '@doppel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAiModels, useDeleteAiModel } from '../api/get-ai-models';
import { settingsQueryKey } from '@/lib/settings-query';
import { AiDefaults } from './ai-defaults';
import { AiModelCard } from './ai-model-card';
import { AiModelFormDialog } from './ai-model-form-dialog';
import { TouchBudgetSection } from './touch-budget-section';

type FormState = { open: false } | { open: true; model?: AiModel };

/**
 * The models a user can draft with, their own ones editable, the main model and temperature,
 * and the touch budget that paces the twin's (and every campaign's) messages. The touch budget
 * reads the settings, not the models, so it is there whether or not the models load.
 */
export function AiModelsTab() {
  return (
    <div className="grid gap-6">
      <AiModelsSection />
      <TouchBudgetSection />
    </div>
  );
}

function AiModelsSection() {
  const { t } = useTranslation('settings');
  const models = useAiModels();
  const headingId = useId();
  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<AiModel | null>(null);

  if (models.isError) {
    return (
      <ErrorState
        message={errorMessage(models.error, t('aiModels.loadFailed'))}
        onRetry={() => void models.refetch()}
        retrying={models.isFetching}
      />
    );
  }
  if (!models.data) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  const list = models.data;

  return (
    <div className="grid gap-6">
      <section className="grid gap-3" aria-labelledby={headingId}>
        <div className="grid gap-0.5">
          <h3 id={headingId} className="text-base font-semibold">
            {t('aiModels.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('aiModels.description')}</p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {list.items.map((model) => (
            <AiModelCard
              key={model.id}
              model={model}
              isMain={model.id === list.defaultModelId}
              onConfigure={(chosen) => setForm({ open: true, model: chosen })}
              onDelete={setDeleting}
            />
          ))}
          <li className="grid">
            <button
              type="button"
              onClick={() => setForm({ open: true })}
              className="flex min-h-32 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-4 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Plus className="size-5" aria-hidden="true" />
              {t('aiModels.add')}
            </button>
          </li>
        </ul>
      </section>
      <AiDefaults list={list} />
      <AiModelFormDialog
        open={form.open}
        model={form.open ? form.model : undefined}
        onOpenChange={(open) => {
          if (!open) setForm({ open: false });
        }}
      />
      <DeleteModelDialog model={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** Every destructive action asks first. */
function DeleteModelDialog({ model, onClose }: { model: AiModel | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const remove = useDeleteAiModel();
  const [shown, setShown] = useState<AiModel | null>(model);
  // Keep the name on screen while the dialog closes.
  if (model && model !== shown) setShown(model);

  const confirm = () => {
    if (!model) return;
    remove.mutate(model.id, {
      onSuccess: () => {
        notifySuccess(t('aiModels.deleteDialog.deleted', { name: model.name }));
        // The main model may have been this one; the server falls back, the settings follow.
        void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
        onClose();
      },
      onError: (error) => notifyError(error, t('aiModels.deleteDialog.failed')),
    });
  };

  return (
    <Dialog open={model !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('aiModels.deleteDialog.close')} className="md:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('aiModels.deleteDialog.title', { name: shown?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('aiModels.deleteDialog.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap justify-end gap-2 p-5">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t('aiModels.deleteDialog.cancel')}
          </Button>
          <Button variant="destructive" loading={remove.isPending} onClick={confirm}>
            {t('aiModels.deleteDialog.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
