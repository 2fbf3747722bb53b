import {
  createSignalSourceInputSchema,
  updateSignalSourceInputSchema,
  type CreateSignalSourceInput,
  type SignalPlatform,
  type SignalSource,
  type SignalSourceKind,
} from '@doppel/contracts';
import { CalendarDays, Info, MessagesSquare, Newspaper } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldMessage, type FieldProblem } from '@/components/form/field-messages';
import { FormActions } from '@/components/form/form-actions';
import { FormDialog } from '@/components/form/form-dialog';
import { serverFieldErrors } from '@/components/form/server-errors';
import { issuesByField } from '@/components/form/zod-resolver';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notifyError } from '@/lib/notify';
import { useCreateSource, useUpdateSource } from '../api/signals-api';
import { FEED_URL_EXAMPLE, SUBREDDIT_EXAMPLE } from '../utils/untranslated';
import { parseKeywords } from '../utils/signal-format';
import { cadenceNumber, CadenceField, KeywordsField, NameField, PlatformsField } from './source-fields';
import { signalMessageValues } from './signal-messages';

const TABS: Array<{ value: SignalSourceKind; icon: typeof Newspaper }> = [
  { value: 'rss', icon: Newspaper },
  { value: 'reddit', icon: MessagesSquare },
  { value: 'content_plan', icon: CalendarDays },
];

/** Fields a server's validation_failed may name, per form. */
/** Field → its problem: a message key, or the schema's issue. */
type FieldErrors = Partial<Record<string, FieldProblem>>;

const SERVER_FIELDS = ['url', 'subreddit', 'name', 'keywords', 'cadencePerWeek', 'platforms'] as const;
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
  const message = useFieldMessage('signal', signalMessageValues);
  const [tab, setTab] = useState<SignalSourceKind>('rss');
  // Each tab keeps what was typed in it when another tab is looked at.
  const [errors, setErrors] = useState<Record<SignalSourceKind, FieldErrors>>({
    rss: {},
    reddit: {},
    content_plan: {},
  });
  const [feed, setFeed] = useState({ url: '', name: '', keywords: '' });
  const [subreddit, setSubreddit] = useState({ subreddit: '', name: '', keywords: '' });
  const [cadence, setCadence] = useState(
    contentPlan?.cadencePerWeek != null ? String(contentPlan.cadencePerWeek) : DEFAULT_CADENCE,
  );
  const [platforms, setPlatforms] = useState<SignalPlatform[]>(
    contentPlan ? contentPlan.platforms : ['linkedin'],
  );

  const tabErrors = errors[tab];
  const showErrors = (kind: SignalSourceKind, next: FieldErrors) =>
    setErrors((current) => ({ ...current, [kind]: next }));
  const clearError = (kind: SignalSourceKind, field: string) =>
    setErrors((current) => ({ ...current, [kind]: { ...current[kind], [field]: undefined } }));

  /** The tab's input in the contract's shape, or null when it is not valid (its errors shown). */
  const checkedInput = (): CreateSignalSourceInput | null => {
    const name = tab === 'rss' ? feed.name.trim() : tab === 'reddit' ? subreddit.name.trim() : '';
    const raw =
      tab === 'rss'
        ? { kind: 'rss' as const, url: feed.url, keywords: parseKeywords(feed.keywords) }
        : tab === 'reddit'
          ? {
              kind: 'reddit' as const,
              subreddit: subreddit.subreddit,
              keywords: parseKeywords(subreddit.keywords),
            }
          : { kind: 'content_plan' as const, cadencePerWeek: cadenceNumber(cadence), platforms };
    const parsed = createSignalSourceInputSchema.safeParse(name ? { ...raw, name } : raw);
    if (parsed.success) return parsed.data;
    const found: FieldErrors = issuesByField(parsed.error.issues);
    // An empty or fractional count has no key of its own: it is out of the range too.
    if (found.cadencePerWeek) found.cadencePerWeek = 'cadenceRange';
    showErrors(tab, found);
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = checkedInput();
    if (!input) return;
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
      const fields = serverFieldErrors(error, SERVER_FIELDS);
      if (Object.keys(fields).length > 0) showErrors(tab, fields);
      else notifyError(error, t(contentPlan && tab === 'content_plan' ? 'errors.save' : 'errors.add'));
      return;
    }
    onClose();
  };

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
          <FormField label={t('fields.url')} hint={t('fields.urlHint')} error={message(tabErrors.url)}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder={FEED_URL_EXAMPLE}
                aria-required="true"
                value={feed.url}
                disabled={busy}
                onChange={(event) => {
                  setFeed({ ...feed, url: event.target.value });
                  clearError('rss', 'url');
                }}
              />
            )}
          </FormField>
          <NameField
            value={feed.name}
            onChange={(name) => {
              setFeed({ ...feed, name });
              clearError('rss', 'name');
            }}
            hint={t('fields.nameHintFeed')}
            error={message(tabErrors.name)}
            disabled={busy}
          />
          <KeywordsField
            value={feed.keywords}
            onChange={(keywords) => {
              setFeed({ ...feed, keywords });
              clearError('rss', 'keywords');
            }}
            hint={t('fields.keywordsHintFeed')}
            error={message(tabErrors.keywords)}
            disabled={busy}
          />
        </TabsContent>

        <TabsContent value="reddit" className="grid gap-4 rounded-lg">
          <FormField
            label={t('fields.subreddit')}
            hint={t('fields.subredditHint')}
            error={message(tabErrors.subreddit)}
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
                  value={subreddit.subreddit}
                  disabled={busy}
                  onChange={(event) => {
                    setSubreddit({ ...subreddit, subreddit: event.target.value });
                    clearError('reddit', 'subreddit');
                  }}
                />
              </div>
            )}
          </FormField>
          <NameField
            value={subreddit.name}
            onChange={(name) => {
              setSubreddit({ ...subreddit, name });
              clearError('reddit', 'name');
            }}
            hint={t('fields.nameHintSubreddit')}
            error={message(tabErrors.name)}
            disabled={busy}
          />
          <KeywordsField
            value={subreddit.keywords}
            onChange={(keywords) => {
              setSubreddit({ ...subreddit, keywords });
              clearError('reddit', 'keywords');
            }}
            hint={t('fields.keywordsHintSubreddit')}
            error={message(tabErrors.keywords)}
            disabled={busy}
          />
        </TabsContent>

        <TabsContent value="content_plan" className="grid gap-4 rounded-lg">
          <Notice variant="neutral" size="sm">
            <Info aria-hidden="true" />
            <p>{contentPlan ? t('add.planExists') : t('add.planHint')}</p>
          </Notice>
          <CadenceField
            value={cadence}
            onChange={(value) => {
              setCadence(value);
              clearError('content_plan', 'cadencePerWeek');
            }}
            error={message(tabErrors.cadencePerWeek)}
            disabled={busy}
          />
          <PlatformsField
            value={platforms}
            onChange={(value) => {
              setPlatforms(value);
              clearError('content_plan', 'platforms');
            }}
            error={message(tabErrors.platforms)}
            disabled={busy}
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
