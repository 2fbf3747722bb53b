import {
  updateSignalSourceInputSchema,
  type SignalPlatform,
  type SignalSource,
  type UpdateSignalSourceInput,
} from '@doppel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldMessage, type FieldProblem } from '@/components/form/field-messages';
import { FormActions } from '@/components/form/form-actions';
import { FormDialog } from '@/components/form/form-dialog';
import { serverFieldErrors } from '@/components/form/server-errors';
import { issuesByField } from '@/components/form/zod-resolver';
import { notifyError } from '@/lib/notify';
import { useUpdateSource } from '../api/signals-api';
import { parseKeywords } from '../utils/signal-format';
import { cadenceNumber, CadenceField, KeywordsField, NameField, PlatformsField } from './source-fields';
import { signalMessageValues } from './signal-messages';

/** Field → its problem: a message key, or the schema's issue. */
type FieldErrors = Partial<Record<string, FieldProblem>>;

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
  const message = useFieldMessage('signal', signalMessageValues);
  const plan = source.kind === 'content_plan';
  const [name, setName] = useState(source.name);
  const [keywords, setKeywords] = useState(source.keywords.join(', '));
  const [cadence, setCadence] = useState(String(source.cadencePerWeek ?? ''));
  const [platforms, setPlatforms] = useState<SignalPlatform[]>(source.platforms);
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = update.isPending;
  const clear = (field: string) => setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const raw: UpdateSignalSourceInput = plan
      ? { name, cadencePerWeek: cadenceNumber(cadence), platforms }
      : { name, keywords: parseKeywords(keywords) };
    const parsed = updateSignalSourceInputSchema.safeParse(raw);
    if (!parsed.success) {
      const found: FieldErrors = issuesByField(parsed.error.issues);
      if (found.cadencePerWeek) found.cadencePerWeek = 'cadenceRange';
      setErrors(found);
      return;
    }
    try {
      await update.mutateAsync({ id: source.id, changes: parsed.data });
    } catch (error) {
      const fields = serverFieldErrors(error, SERVER_FIELDS);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyError(error, t('errors.save'));
      return;
    }
    onClose();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-5 py-4">
        <NameField
          value={name}
          onChange={(value) => {
            setName(value);
            clear('name');
          }}
          error={message(errors.name)}
          disabled={busy}
          required
        />
        {plan ? (
          <>
            <CadenceField
              value={cadence}
              onChange={(value) => {
                setCadence(value);
                clear('cadencePerWeek');
              }}
              error={message(errors.cadencePerWeek)}
              disabled={busy}
            />
            <PlatformsField
              value={platforms}
              onChange={(value) => {
                setPlatforms(value);
                clear('platforms');
              }}
              error={message(errors.platforms)}
              disabled={busy}
            />
          </>
        ) : (
          <KeywordsField
            value={keywords}
            onChange={(value) => {
              setKeywords(value);
              clear('keywords');
            }}
            hint={t(source.kind === 'reddit' ? 'fields.keywordsHintSubreddit' : 'fields.keywordsHintFeed')}
            error={message(errors.keywords)}
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
