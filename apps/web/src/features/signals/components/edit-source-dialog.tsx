import type { SignalSource, UpdateSignalSourceInput } from '@doppel/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormDialog } from '@/components/form/form-dialog';
import { useZodForm } from '@/components/form/use-zod-form';
import { notifyError } from '@/lib/notify';
import { useUpdateSource } from '../api/signals-api';
import { editKeywordsFormSchema, editPlanFormSchema, type EditSourceFormValues } from '../utils/source-form';
import { CadenceField, KeywordsField, NameField, PlatformsField } from './source-fields';
import { signalMessageValues } from './signal-messages';

const SERVER_FIELDS = ['name', 'keywords', 'cadencePerWeek', 'platforms'] as const;

/** Renames a source and changes its keywords (a feed, a subreddit) or its cadence (the plan). */
export function EditSourceDialog({
  source,
  open,
  onOpenChange,
}: {
  source: SignalSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('signals');
  const update = useUpdateSource();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={update.isPending}
      title={t('edit.title', { name: source.name })}
      description={t(source.kind === 'content_plan' ? 'edit.descriptionPlan' : 'edit.description')}
      closeLabel={t('dialog.close')}
      className="md:max-w-lg"
    >
      <EditSourceForm source={source} update={update} onClose={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function EditSourceForm({
  source,
  update,
  onClose,
}: {
  source: SignalSource;
  update: ReturnType<typeof useUpdateSource>;
  onClose: () => void;
}) {
  const { t } = useTranslation('signals');
  const plan = source.kind === 'content_plan';
  const { form, errorText, field, showServerErrors } = useZodForm<
    EditSourceFormValues,
    UpdateSignalSourceInput
  >(plan ? editPlanFormSchema : editKeywordsFormSchema, {
    messages: 'signal',
    messageValues: signalMessageValues,
    defaultValues: {
      name: source.name,
      keywords: source.keywords.join(', '),
      cadencePerWeek: String(source.cadencePerWeek ?? ''),
      platforms: source.platforms,
    },
  });
  const busy = update.isPending;

  const submit = form.handleSubmit(async (changes) => {
    if (busy) return;
    try {
      await update.mutateAsync({ id: source.id, changes });
    } catch (error) {
      if (!showServerErrors(error, SERVER_FIELDS)) notifyError(error, t('errors.save'));
      return;
    }
    onClose();
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-5 py-4">
        <NameField input={field('name')} error={errorText('name')} disabled={busy} required />
        {plan ? (
          <>
            <CadenceField
              input={field('cadencePerWeek')}
              invalid={Boolean(errorText('cadencePerWeek'))}
              disabled={busy}
            />
            <Controller
              control={form.control}
              name="platforms"
              render={({ field: platforms }) => (
                <PlatformsField
                  value={platforms.value}
                  onChange={(value) => {
                    form.clearErrors('platforms');
                    platforms.onChange(value);
                  }}
                  error={errorText('platforms')}
                  disabled={busy}
                />
              )}
            />
          </>
        ) : (
          <KeywordsField
            input={field('keywords')}
            hint={t(source.kind === 'reddit' ? 'fields.keywordsHintSubreddit' : 'fields.keywordsHintFeed')}
            error={errorText('keywords')}
            disabled={busy}
          />
        )}
      </div>
      <FormActions
        busy={busy}
        onCancel={onClose}
        cancelLabel={t('dialog.cancel')}
        submitLabel={busy ? t('add.saving') : t('edit.submit')}
      />
    </form>
  );
}
