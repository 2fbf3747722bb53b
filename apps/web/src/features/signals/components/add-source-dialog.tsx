import {
  updateSignalSourceInputSchema,
  type CreateSignalSourceInput,
  type SignalSource,
  type SignalSourceKind,
} from '@doppel/contracts';
import { CalendarDays, Info, MessagesSquare, Newspaper } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notifyError } from '@/lib/notify';
import { useCreateSource, useUpdateSource } from '../api/signals-api';
import {
  feedFormSchema,
  planFormSchema,
  subredditFormSchema,
  type FeedFormValues,
  type PlanFormValues,
  type SubredditFormValues,
} from '../utils/source-form';
import { FEED_URL_EXAMPLE, SUBREDDIT_EXAMPLE } from '../utils/untranslated';
import { CadenceField, KeywordsField, NameField, PlatformsField } from './source-fields';
import { signalMessageValues } from './signal-messages';

const TABS: Array<{ value: SignalSourceKind; icon: typeof Newspaper }> = [
  { value: 'rss', icon: Newspaper },
  { value: 'reddit', icon: MessagesSquare },
  { value: 'content_plan', icon: CalendarDays },
];

/** Fields a server's validation_failed may name, per tab. */
const FEED_FIELDS = ['url', 'name', 'keywords'] as const;
const SUBREDDIT_FIELDS = ['subreddit', 'name', 'keywords'] as const;
const PLAN_FIELDS = ['cadencePerWeek', 'platforms'] as const;
/** The content plan's first cadence: three posts a week, on LinkedIn. */
const DEFAULT_CADENCE = '3';

interface AddSourceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user's content plan, when there is one: its tab then changes it instead of adding one. */
  contentPlan: SignalSource | undefined;
}

/** Adds a news feed or a subreddit, or sets the content plan; one tab each. */
export function AddSourceDialog({ open, onOpenChange, contentPlan }: AddSourceDialogProps) {
  const { t } = useTranslation('signals');
  const create = useCreateSource();
  const update = useUpdateSource();
  const busy = create.isPending || update.isPending;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={t('add.title')}
      description={t('add.description')}
      closeLabel={t('dialog.close')}
      className="md:max-w-xl"
    >
      {/* Inside the dialog's content, so every opening starts with an empty form. */}
      <AddSourceForm
        create={create}
        update={update}
        busy={busy}
        contentPlan={contentPlan}
        onClose={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

function AddSourceForm({
  create,
  update,
  busy,
  contentPlan,
  onClose,
}: {
  create: ReturnType<typeof useCreateSource>;
  update: ReturnType<typeof useUpdateSource>;
  busy: boolean;
  contentPlan: SignalSource | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('signals');
  const [tab, setTab] = useState<SignalSourceKind>('rss');
  // One form a tab: each keeps what was typed in it, and its problems, while another is looked at.
  const feed = useZodForm<FeedFormValues, CreateSignalSourceInput>(feedFormSchema, {
    messages: 'signal',
    messageValues: signalMessageValues,
    defaultValues: { url: '', name: '', keywords: '' },
  });
  const subreddit = useZodForm<SubredditFormValues, CreateSignalSourceInput>(subredditFormSchema, {
    messages: 'signal',
    messageValues: signalMessageValues,
    defaultValues: { subreddit: '', name: '', keywords: '' },
  });
  const plan = useZodForm<PlanFormValues, CreateSignalSourceInput>(planFormSchema, {
    messages: 'signal',
    messageValues: signalMessageValues,
    defaultValues: {
      cadencePerWeek:
        contentPlan?.cadencePerWeek != null ? String(contentPlan.cadencePerWeek) : DEFAULT_CADENCE,
      platforms: contentPlan ? contentPlan.platforms : ['linkedin'],
    },
  });

  /** Sends the tab's input and closes; a refusal shows under the tab's fields, or in a toast. */
  const save = async (input: CreateSignalSourceInput, showServerErrors: (error: unknown) => boolean) => {
    if (busy) return;
    try {
      if (input.kind === 'content_plan' && contentPlan) {
        const changes = updateSignalSourceInputSchema.parse({
          cadencePerWeek: input.cadencePerWeek,
          platforms: input.platforms,
        });
        await update.mutateAsync({ id: contentPlan.id, changes });
      } else {
        await create.mutateAsync(input);
      }
    } catch (error) {
      if (!showServerErrors(error))
        notifyError(error, t(contentPlan && input.kind === 'content_plan' ? 'errors.save' : 'errors.add'));
      return;
    }
    onClose();
  };
  const submit = {
    rss: feed.form.handleSubmit((input) => save(input, (error) => feed.showServerErrors(error, FEED_FIELDS))),
    reddit: subreddit.form.handleSubmit((input) =>
      save(input, (error) => subreddit.showServerErrors(error, SUBREDDIT_FIELDS)),
    ),
    content_plan: plan.form.handleSubmit((input) =>
      save(input, (error) => plan.showServerErrors(error, PLAN_FIELDS)),
    ),
  }[tab];

  const submitLabel = busy
    ? t('add.saving')
    : tab === 'content_plan'
      ? contentPlan
        ? t('add.savePlan')
        : t('add.createPlan')
      : t('add.submit');

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as SignalSourceKind)}
        className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-5 py-4"
      >
        <TabsList variant="segmented-full" aria-label={t('add.kinds')}>
          {TABS.map(({ value, icon: Icon }) => (
            // On phones the three labels share a narrow row: no icons, and a label may wrap.
            <TabsTrigger
              key={value}
              value={value}
              disabled={busy && value !== tab}
              className="px-2 text-center leading-tight whitespace-normal sm:px-3"
            >
              <Icon aria-hidden="true" className="hidden sm:block" />
              {t(`kinds.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="rss" className="grid gap-4 rounded-lg">
          <FormField label={t('fields.url')} hint={t('fields.urlHint')} error={feed.errorText('url')}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder={FEED_URL_EXAMPLE}
                aria-required="true"
                disabled={busy}
                {...feed.field('url')}
              />
            )}
          </FormField>
          <NameField
            input={feed.field('name')}
            hint={t('fields.nameHintFeed')}
            error={feed.errorText('name')}
            disabled={busy}
          />
          <KeywordsField
            input={feed.field('keywords')}
            hint={t('fields.keywordsHintFeed')}
            error={feed.errorText('keywords')}
            disabled={busy}
          />
        </TabsContent>

        <TabsContent value="reddit" className="grid gap-4 rounded-lg">
          <FormField
            label={t('fields.subreddit')}
            hint={t('fields.subredditHint')}
            error={subreddit.errorText('subreddit')}
          >
            {(control) => (
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
                >
                  r/
                </span>
                <Input
                  {...control}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  aria-required="true"
                  className="pl-8"
                  placeholder={SUBREDDIT_EXAMPLE}
                  disabled={busy}
                  {...subreddit.field('subreddit')}
                />
              </div>
            )}
          </FormField>
          <NameField
            input={subreddit.field('name')}
            hint={t('fields.nameHintSubreddit')}
            error={subreddit.errorText('name')}
            disabled={busy}
          />
          <KeywordsField
            input={subreddit.field('keywords')}
            hint={t('fields.keywordsHintSubreddit')}
            error={subreddit.errorText('keywords')}
            disabled={busy}
          />
        </TabsContent>

        <TabsContent value="content_plan" className="grid gap-4 rounded-lg">
          <Notice variant="neutral" size="sm">
            <Info aria-hidden="true" />
            <p>{contentPlan ? t('add.planExists') : t('add.planHint')}</p>
          </Notice>
          <CadenceField
            input={plan.field('cadencePerWeek')}
            invalid={Boolean(plan.errorText('cadencePerWeek'))}
            disabled={busy}
          />
          <Controller
            control={plan.form.control}
            name="platforms"
            render={({ field: platforms }) => (
              <PlatformsField
                value={platforms.value}
                onChange={(value) => {
                  plan.form.clearErrors('platforms');
                  platforms.onChange(value);
                }}
                error={plan.errorText('platforms')}
                disabled={busy}
              />
            )}
          />
        </TabsContent>
      </Tabs>
      <FormActions
        busy={busy}
        onCancel={onClose}
        cancelLabel={t('dialog.cancel')}
        submitLabel={submitLabel}
      />
    </form>
  );
}
