import {
  draftKinds,
  fillTemplate,
  isPostTask,
  suggestedTemplate,
  templateValues,
  type DraftKind,
  type Task,
} from '@doppel/contracts';
import { ArrowLeft, FileText, Languages, PenLine, Save, Send, Sparkles, Undo2, Wand2 } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftProvenancePanel } from './draft-provenance';
import { KnowledgeSources } from './knowledge-sources';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useSettings } from '@/lib/settings-query';
import { useSaveTaskResponses } from '@/lib/task-api';
import { useSendTaskMessage, useTranslateDraft } from '../api/task-replies';
import { useTwinVoiceTemplates } from '../api/twin-voice-templates';
import { useDraftStream } from '../api/use-draft-stream';
import { composerHeight } from '../utils/composer-height';
import { isEmailTask, replySubject } from '../utils/task-presentation';
import { SentMessage } from './sent-message';

/** Composer states: the options, then editing a chosen or custom text. */
type ComposerState = { step: 'options' } | { step: 'edit'; kind: string; text: string };

/** A Reddit post's own fields: Reddit needs a title, and the subreddit it goes to. */
interface RedditPostFields {
  title: string;
  community: string;
}

/** Reddit's longest title (contracts: sendTaskMessageInputSchema). */
const REDDIT_TITLE_MAX = 300;

/** The longest subject the server takes (contracts: sendTaskMessageInputSchema). */
const SUBJECT_MAX = 300;

interface Option {
  key: string;
  kind: string;
  label: string;
  text: string;
  icon: 'suggested' | 'draft' | 'template';
}

const KNOWN_KINDS = new Set([
  'polite',
  'detailed',
  'quick',
  'professional',
  'story',
  'insight',
  'discussion',
  'showcase',
  'question',
  'supportive',
  'expert',
  'custom',
  'template',
]);

function kindLabel(kind: string): string {
  return KNOWN_KINDS.has(kind)
    ? i18n.t(`assistant:composer.kinds.${kind as 'polite'}`)
    : i18n.t('assistant:composer.kinds.other');
}

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/**
 * The edit view: for an email the subject, then the auto-growing textarea, counter, language,
 * Back, Save draft and Send.
 */
function ComposerEditor({
  task,
  state,
  subject,
  onSubjectChange,
  redditPost,
  onRedditPostChange,
  languageCode,
  onChange,
  onBack,
  onSent,
  writing,
  engineNote,
  focusRequest,
}: {
  task: Task;
  state: Extract<ComposerState, { step: 'edit' }>;
  /** Changes when the E shortcut asks for the editor again: the field takes focus. */
  focusRequest: number;
  /** A Reddit post's title and subreddit; null for the other task types. */
  redditPost: RedditPostFields | null;
  onRedditPostChange: (fields: RedditPostFields) => void;
  /** An email's subject; null for the other channels, which have none. */
  subject: string | null;
  onSubjectChange: (subject: string) => void;
  languageCode: string;
  onChange: (text: string) => void;
  onBack: () => void;
  onSent: () => void;
  /** A generated draft is streaming into the field: it is read-only until it is written. */
  writing: boolean;
  /** Who wrote the draft in the field, when it was generated. */
  engineNote: string | null;
}) {
  const { t } = useTranslation('assistant');
  const fieldId = useId();
  const subjectId = useId();
  const postTitleId = useId();
  const communityId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const windowHeight = useWindowHeight();
  const send = useSendTaskMessage();
  const saveDraft = useSaveTaskResponses();
  const translate = useTranslateDraft();
  const settings = useSettings();
  // The text as it was before Translate, while "Undo translation" can still bring it back.
  const [beforeTranslation, setBeforeTranslation] = useState<{ text: string; model: string } | null>(null);
  const post = isPostTask(task.type);
  const busy = send.isPending || saveDraft.isPending || translate.isPending || writing;
  const hasText = state.text.trim().length > 0;
  // A Reddit post needs its title, and a subreddit to go to.
  const postReady = !redditPost || (redditPost.title.trim() !== '' && redditPost.community.trim() !== '');
  const canSend = hasText && !busy && postReady;

  useLayoutEffect(() => {
    textarea.current?.focus();
  }, [focusRequest]);

  const submit = () => {
    if (!canSend) return;
    // A blank subject is left to the server, which answers the contact's own subject.
    const typedSubject = subject?.trim() || undefined;
    send.mutate(
      {
        taskId: task.id,
        text: state.text,
        kind: state.kind,
        subject: typedSubject,
        ...(redditPost ? { postTitle: redditPost.title.trim(), community: redditPost.community.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          const { status, channel } = result.delivery;
          const platform = channel === 'linkedin' ? 'LinkedIn' : 'Reddit';
          // A refused or unconfirmed email says so where the sent message is shown, with Retry.
          if (status === 'sent')
            notifySuccess(post ? t('composer.publishedToast', { platform }) : t('composer.sentToast'));
          else if (status === 'queued') notifySuccess(t('composer.queuedToast'));
          else if (status === 'to_send_manually')
            notifySuccess(post ? t('composer.publishToast', { platform }) : t('composer.recordedToast'));
          onSent();
        },
      },
    );
  };

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {subject === null ? null : (
        <>
          <label htmlFor={subjectId} className="text-sm font-medium">
            {t('composer.subjectLabel')}
          </label>
          <Input
            id={subjectId}
            value={subject}
            maxLength={SUBJECT_MAX}
            disabled={send.isPending}
            onChange={(event) => onSubjectChange(event.target.value)}
          />
        </>
      )}
      {redditPost ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_12rem]">
          <div className="grid gap-1">
            <label htmlFor={postTitleId} className="text-sm font-medium">
              {t('composer.postTitleLabel')}
            </label>
            <Input
              id={postTitleId}
              value={redditPost.title}
              maxLength={REDDIT_TITLE_MAX}
              required
              disabled={send.isPending}
              onChange={(event) => onRedditPostChange({ ...redditPost, title: event.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={communityId} className="text-sm font-medium">
              {t('composer.communityLabel')}
            </label>
            <Input
              id={communityId}
              value={redditPost.community}
              placeholder="r/startups"
              maxLength={100}
              required
              disabled={send.isPending}
              onChange={(event) => onRedditPostChange({ ...redditPost, community: event.target.value })}
            />
          </div>
        </div>
      ) : null}
      <label htmlFor={fieldId} className="text-sm font-medium">
        {t('composer.messageLabel')}
      </label>
      <textarea
        id={fieldId}
        ref={textarea}
        value={state.text}
        readOnly={writing}
        aria-busy={writing || undefined}
        onChange={(event) => {
          setBeforeTranslation(null);
          onChange(event.target.value);
        }}
        onKeyDown={(event) => {
          // Ctrl/⌘+Enter sends, as in most messengers; Enter alone is a new line.
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            submit();
          }
        }}
        style={{ height: composerHeight(state.text, windowHeight) }}
        className="w-full resize-none rounded-md border border-input bg-background px-3 py-2 text-sm leading-5 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
      />
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span aria-live="polite">{t('composer.characters', { count: state.text.length })}</span>
        <span>{t('composer.language', { code: languageCode.toUpperCase() })}</span>
        {writing ? (
          <span role="status">{t('drafts.writing')}</span>
        ) : beforeTranslation ? (
          <span>{t('composer.translatedBy', { model: beforeTranslation.model })}</span>
        ) : engineNote ? (
          <span>{engineNote}</span>
        ) : null}
      </div>
      {!writing ? <KnowledgeSources sources={task.context.draftSources?.[state.kind] ?? []} /> : null}
      {!writing && task.context.draftProvenance?.[state.kind] ? (
        <DraftProvenancePanel
          provenance={task.context.draftProvenance[state.kind]!}
          sources={task.context.draftSources?.[state.kind] ?? []}
        />
      ) : null}
      <div className="flex justify-between gap-2">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" />
          {t('composer.back')}
        </Button>
        <div className="flex flex-wrap justify-end gap-2">
          {beforeTranslation ? (
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => {
                onChange(beforeTranslation.text);
                setBeforeTranslation(null);
              }}
            >
              <Undo2 aria-hidden="true" />
              {t('composer.undoTranslation')}
            </Button>
          ) : settings.data?.aiPreferences.showTranslateOption ? (
            <Button
              type="button"
              variant="ghost"
              disabled={!canSend}
              loading={translate.isPending}
              onClick={() =>
                translate.mutate(
                  { taskId: task.id, text: state.text },
                  {
                    onSuccess: (result) => {
                      setBeforeTranslation({ text: state.text, model: result.model });
                      onChange(result.text);
                    },
                  },
                )
              }
            >
              <Languages aria-hidden="true" />
              {t('composer.translate', { code: languageCode.toUpperCase() })}
            </Button>
          ) : null}
          {/* Keeps the edited text as a draft of its kind, to come back to. */}
          <Button
            type="button"
            variant="secondary"
            disabled={!canSend}
            loading={saveDraft.isPending}
            onClick={() => saveDraft.mutate({ id: task.id, responses: { [state.kind]: state.text.trim() } })}
          >
            <Save aria-hidden="true" />
            {t('composer.saveDraft')}
          </Button>
          <Button type="submit" disabled={!canSend} loading={send.isPending}>
            <Send aria-hidden="true" />
            {post ? t('composer.publish') : t('composer.send')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * The response composer: the suggested template in the
 * contact's language, saved drafts, and a custom message; then the editor. Sending keeps the
 * text on failure and clears the composer on success; a completed task shows what was sent.
 */
export default function Composer({
  task,
  editRequest = 0,
}: {
  task: Task;
  /**
   * Raised (1, 2, …) by the task list's E shortcut: the editor opens with the suggested reply,
   * or, already open, takes focus again. A request made before this loaded still counts.
   */
  editRequest?: number;
}) {
  const { t } = useTranslation('assistant');
  const [state, setState] = useState<ComposerState>({ step: 'options' });
  const [writingAnother, setWritingAnother] = useState(false);
  const [handledEditRequest, setHandledEditRequest] = useState(0);
  // Kept across Back, so a subject typed once is not lost by trying another option.
  const [subject, setSubject] = useState(() => replySubject(task.context.emailSubject));
  const [redditPost, setRedditPost] = useState<RedditPostFields>(() => ({
    title: task.context.delivery?.postTitle ?? '',
    community: task.context.delivery?.community ?? task.context.triggerData?.community ?? '',
  }));
  const draft = useDraftStream(task.id);
  const generate = (kind: DraftKind) => {
    setState({ step: 'edit', kind, text: '' });
    void draft.start(kind, (text) => setState({ step: 'edit', kind, text }));
  };
  const engineNote = draft.engine
    ? draft.engine.kind === 'offline'
      ? t('drafts.engine')
      : t('drafts.byModel', { model: draft.engine.model ?? '' })
    : null;
  const template = suggestedTemplate(task, i18n.language);
  const values = templateValues(task);
  // Posts are not messages: the persona's message templates are offered for replies only.
  const personaTemplates = useTwinVoiceTemplates(task.contact?.source ?? null, !isPostTask(task.type));

  const options: Option[] = [
    {
      key: 'suggested',
      kind: template.kind,
      label: t('composer.suggested', { kind: kindLabel(template.kind) }),
      text: fillTemplate(template.content, values),
      icon: 'suggested',
    },
    ...Object.entries(task.responses)
      .filter(([kind, text]) => kind !== 'sent' && text.trim() !== '')
      .map(([kind, text]) => ({
        key: `draft-${kind}`,
        kind,
        label: t('composer.savedDraft', { kind: kindLabel(kind) }),
        text,
        icon: 'draft' as const,
      })),
    ...personaTemplates.map((personaTemplate) => ({
      key: `template-${personaTemplate.id}`,
      kind: 'template',
      label: t('composer.template', { name: personaTemplate.name }),
      text: fillTemplate(personaTemplate.content, values),
      icon: 'template' as const,
    })),
  ];

  if (editRequest > handledEditRequest) {
    setHandledEditRequest(editRequest);
    setWritingAnother(true);
    if (state.step === 'options') setState({ step: 'edit', kind: options[0]!.kind, text: options[0]!.text });
  }

  const sentText = task.responses.sent;
  // An email the mail server refused, or whose fate is unknown, reopens its task: what was sent
  // stays on show with the reason and Retry, rather than the options.
  const deliveryStatus = task.context.delivery?.status;
  const awaitsRetry = deliveryStatus === 'failed' || deliveryStatus === 'unknown';
  if (
    state.step === 'options' &&
    (task.status === 'completed' || awaitsRetry) &&
    sentText &&
    !writingAnother
  ) {
    return <SentMessage task={task} text={sentText} onWriteAnother={() => setWritingAnother(true)} />;
  }

  return (
    <section aria-labelledby={`composer-${task.id}`} className="grid gap-3 rounded-lg border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`composer-${task.id}`} className="text-sm font-semibold">
          {t('composer.title')}
        </h3>
        <Badge variant="outline">{template.language.toUpperCase()}</Badge>
      </div>
      {state.step === 'options' ? (
        <div className="grid grid-cols-2 gap-2">
          {draftKinds.map((kind) => (
            <Button key={kind} variant="secondary" onClick={() => generate(kind)}>
              <Wand2 aria-hidden="true" />
              {kind === 'quick' ? t('drafts.generateQuick') : t('drafts.generateDetailed')}
            </Button>
          ))}
        </div>
      ) : null}
      {state.step === 'options' && task.context.draftsFallback ? (
        // A model was asked for the post's suggestions, but its answer failed the format twice.
        <p className="text-xs text-muted-foreground">
          {t('drafts.fallback', { model: task.context.draftsFallback.model })}
        </p>
      ) : null}
      {state.step === 'options' ? (
        <ul className="grid gap-2" aria-label={t('composer.optionsLabel')}>
          {options.map((option) => (
            <li key={option.key}>
              <button
                type="button"
                onClick={() => setState({ step: 'edit', kind: option.kind, text: option.text })}
                className="grid w-full gap-1 rounded-md border bg-card p-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex items-center gap-2 text-sm font-medium">
                  {option.icon === 'template' ? (
                    <FileText className="size-4 text-primary" aria-hidden="true" />
                  ) : (
                    <Sparkles className="size-4 text-primary" aria-hidden="true" />
                  )}
                  {option.label}
                </span>
                <span className="line-clamp-3 text-xs whitespace-pre-line text-muted-foreground">
                  {option.text}
                </span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => setState({ step: 'edit', kind: 'custom', text: '' })}
              className="grid w-full gap-1 rounded-md border border-dashed p-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex items-center gap-2 text-sm font-medium">
                <PenLine className="size-4" aria-hidden="true" />
                {t('composer.custom')}
              </span>
              <span className="text-xs text-muted-foreground">{t('composer.customHint')}</span>
            </button>
          </li>
        </ul>
      ) : (
        <ComposerEditor
          task={task}
          state={draft.streaming && draft.kind === state.kind ? { ...state, text: draft.text } : state}
          writing={draft.streaming}
          engineNote={engineNote}
          focusRequest={handledEditRequest}
          subject={isEmailTask(task) ? subject : null}
          onSubjectChange={setSubject}
          redditPost={task.type === 'reddit_post' ? redditPost : null}
          onRedditPostChange={setRedditPost}
          languageCode={template.language}
          onChange={(text) => setState({ ...state, text })}
          onBack={() => setState({ step: 'options' })}
          onSent={() => {
            setState({ step: 'options' });
            setWritingAnother(false);
            setSubject(replySubject(task.context.emailSubject));
          }}
        />
      )}
    </section>
  );
}
