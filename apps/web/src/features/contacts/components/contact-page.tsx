import { CONTACT_NOTES_MAX, type ContactDetail, type HistoryEntry, type Task } from '@doppel/contracts';
import { ArrowLeft, GitMerge, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { LanguageBadge } from '@/components/language-badge';
import { LoadingState } from '@/components/list-states';
import { PriorityBadge } from '@/components/tasks/priority-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import {
  useContact,
  useContactTasks,
  useContactTimeline,
  useDeleteContact,
  useEditContact,
  usePersonaChoices,
} from '../api/contacts-api';
import { channelLabel } from '../utils/channel-label';
import { formatFullDate, formatFullDateTime, formatShortDate } from '@/lib/dates';
import { EditContactDialog, MergeContactDialog } from './contact-dialogs';

/** /contacts/:id: one person — the whole conversation, their tasks, persona and notes. */
export function ContactPage() {
  const { t } = useTranslation('contacts');
  const { id = '' } = useParams();
  const contact = useContact(id);
  useDocumentTitle(contact.data?.name ?? t('title'));

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 lg:p-6">
      <Button variant="ghost" size="sm" className="justify-self-start" asChild>
        <Link to="/contacts">
          <ArrowLeft aria-hidden="true" />
          {t('back')}
        </Link>
      </Button>
      {contact.isPending ? (
        <LoadingState label={t('loadingContact')} className="grid gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-64" />
        </LoadingState>
      ) : contact.isError ? (
        <ErrorState
          message={errorMessage(contact.error, t('errors.loadContact'))}
          onRetry={() => void contact.refetch()}
          retrying={contact.isFetching}
        />
      ) : (
        <ContactView contact={contact.data} />
      )}
    </div>
  );
}

function ContactView({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteContact();

  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-lg font-semibold text-primary-soft-foreground"
          >
            {contact.name.slice(0, 1).toUpperCase()}
          </span>
          <div className="grid min-w-0 gap-1">
            <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
              <span className="truncate">{contact.name}</span>
              <LanguageBadge code={contact.language} />
            </h1>
            <p className="text-sm text-muted-foreground">
              {[contact.company, ...contact.channels.map((channel) => channelHandle(channel, t))]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {t('actions.edit')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setMerging(true)}>
            <GitMerge aria-hidden="true" />
            {t('actions.merge')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" />
            {t('actions.delete')}
          </Button>
        </div>
      </header>

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Conversation contact={contact} />
        <div className="grid gap-4">
          <PersonaSection contact={contact} />
          <TasksSection contactId={contact.id} />
          <NotesSection key={contact.updatedAt} contact={contact} />
        </div>
      </div>

      <EditContactDialog contact={contact} open={editing} onOpenChange={setEditing} />
      <MergeContactDialog
        contact={contact}
        open={merging}
        onOpenChange={setMerging}
        onMerged={(intoId) => void navigate(`/contacts/${intoId}`, { replace: true })}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          if (!remove.isPending) setDeleting(open);
        }}
        title={t('delete.title', { name: contact.name })}
        description={t('delete.description', {
          messages: t('delete.messages', { count: contact.messageCount }),
          tasks: t('delete.tasks', { count: contact.taskCount }),
        })}
        cancelLabel={t('dialog.cancel')}
        confirmLabel={t('delete.confirm')}
        confirmVariant="destructive"
        pending={remove.isPending}
        onConfirm={() => {
          remove.mutate(contact.id, {
            onSuccess: () => {
              setDeleting(false);
              void navigate('/contacts', { replace: true });
            },
          });
        }}
      />
    </>
  );
}

function channelHandle(
  channel: ContactDetail['channels'][number],
  t: ReturnType<typeof useTranslation<'contacts'>>['t'],
) {
  const name = channelLabel(channel.source, t);
  return channel.handle ? `${name} ${channel.handle}` : name;
}

function Section({
  title,
  children,
  className,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  const headingId = `contact-section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('grid gap-3 rounded-lg border bg-card p-4', className)}
    >
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Every message to and from the contact on every channel, oldest at the top. */
function Conversation({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation('contacts');
  const timeline = useContactTimeline(contact.id);
  // Pages come newest first; the conversation reads top to bottom, oldest first.
  const messages = (timeline.data?.pages.flatMap((page) => page.items) ?? []).toReversed();
  return (
    <Section title={t('conversation.title')}>
      {timeline.isPending ? (
        <LoadingState label={t('conversation.loading')} className="grid gap-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </LoadingState>
      ) : timeline.isError ? (
        <ErrorState
          message={errorMessage(timeline.error, t('errors.loadConversation'))}
          onRetry={() => void timeline.refetch()}
          retrying={timeline.isFetching}
        />
      ) : messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('conversation.empty')}</p>
      ) : (
        <>
          {timeline.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-center"
              loading={timeline.isFetchingNextPage}
              onClick={() => void timeline.fetchNextPage()}
            >
              {t('conversation.earlier')}
            </Button>
          ) : null}
          <ol aria-label={t('conversation.listLabel', { name: contact.name })} className="grid gap-2">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
          </ol>
        </>
      )}
    </Section>
  );
}

const DELIVERY_BADGE = {
  received: null,
  sent: null,
  queued: 'info',
  to_send_manually: 'warning',
  failed: 'danger',
  unknown: 'warning',
} as const;

function MessageBubble({ message }: { message: HistoryEntry }) {
  const { t, i18n } = useTranslation('contacts');
  const [showOriginal, setShowOriginal] = useState(false);
  const inbound = message.direction === 'inbound';
  const translated = message.originalText !== null && message.originalText !== message.text;
  const badge = DELIVERY_BADGE[message.deliveryStatus];
  return (
    <li className={cn('flex', inbound ? 'justify-start' : 'justify-end')}>
      <article
        className={cn(
          'grid max-w-[85%] gap-1 rounded-lg border px-3 py-2 text-sm',
          inbound ? 'bg-muted' : 'border-primary/30 bg-primary-soft text-primary-soft-foreground',
        )}
      >
        <p className="flex flex-wrap items-center gap-x-2 text-xs">
          <span className="font-medium">{inbound ? t('conversation.from') : t('conversation.to')}</span>
          <span>{channelLabel(message.channel, t)}</span>
          <time dateTime={message.occurredAt}>{formatFullDateTime(message.occurredAt, i18n.language)}</time>
          {badge ? <Badge variant={badge}>{t(`delivery.${message.deliveryStatus}`)}</Badge> : null}
        </p>
        <p
          className="break-words whitespace-pre-wrap"
          lang={showOriginal ? (message.originalLanguage ?? undefined) : undefined}
        >
          {showOriginal && translated ? message.originalText : message.text}
        </p>
        {translated ? (
          <button
            type="button"
            className="justify-self-start text-xs underline underline-offset-2"
            aria-pressed={showOriginal}
            onClick={() => setShowOriginal((shown) => !shown)}
          >
            {showOriginal ? t('conversation.showTranslation') : t('conversation.showOriginal')}
          </button>
        ) : null}
      </article>
    </li>
  );
}

/** Which persona speaks to the contact; changing it saves at once. */
function PersonaSection({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation('contacts');
  const personas = usePersonaChoices();
  const edit = useEditContact(contact.id);
  const id = `contact-persona-${contact.id}`;
  return (
    <Section title={t('persona.title')}>
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{t('persona.label')}</Label>
        <Select
          id={id}
          value={contact.persona?.id ?? ''}
          disabled={personas.isPending || edit.isPending}
          onChange={(event) => edit.mutate({ personaId: event.target.value || null })}
        >
          <option value="">{t('persona.none')}</option>
          {(personas.data?.items ?? []).map((persona) => (
            <option key={persona.id} value={persona.id}>
              {persona.name}
            </option>
          ))}
        </Select>
        <p className="text-xs text-muted-foreground">{t('persona.hint')}</p>
      </div>
    </Section>
  );
}

function TasksSection({ contactId }: { contactId: string }) {
  const { t } = useTranslation(['contacts', 'tasks']);
  const tasks = useContactTasks(contactId);
  return (
    <Section title={t('tasks.title')}>
      {tasks.isPending ? (
        <LoadingState label={t('tasks.loading')}>
          <Skeleton className="h-12" />
        </LoadingState>
      ) : tasks.isError ? (
        <ErrorState
          message={errorMessage(tasks.error, t('errors.loadTasks'))}
          onRetry={() => void tasks.refetch()}
          retrying={tasks.isFetching}
        />
      ) : tasks.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('tasks.empty')}</p>
      ) : (
        <ul className="grid gap-2">
          {tasks.data.items.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function TaskRow({ task }: { task: Task }) {
  const { t, i18n } = useTranslation(['contacts', 'tasks']);
  return (
    <li>
      <Link
        to={`/actions?task=${task.id}`}
        className="grid gap-1 rounded-md border p-2 text-sm hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="line-clamp-2 font-medium break-words">{task.title}</span>
        <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <PriorityBadge priority={task.priority} />
          <span>{t(`tasks:status.${task.status}`)}</span>
          <time dateTime={task.createdAt} title={formatFullDate(task.createdAt, i18n.language)}>
            {formatShortDate(task.createdAt)}
          </time>
        </span>
      </Link>
    </li>
  );
}

/** The user's own notes on the contact, saved on request. */
function NotesSection({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation('contacts');
  const edit = useEditContact(contact.id);
  const [notes, setNotes] = useState(contact.notes);
  const id = `contact-notes-${contact.id}`;
  const changed = notes !== contact.notes;
  return (
    <Section title={t('notes.title')}>
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) edit.mutate({ notes });
        }}
      >
        <Label htmlFor={id} className="sr-only">
          {t('notes.label')}
        </Label>
        <textarea
          id={id}
          value={notes}
          rows={5}
          maxLength={CONTACT_NOTES_MAX}
          placeholder={t('notes.placeholder')}
          onChange={(event) => setNotes(event.target.value)}
          className="min-h-24 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring md:text-sm"
        />
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground tabular-nums">
            {notes.length} / {CONTACT_NOTES_MAX}
          </span>
          <Button type="submit" size="sm" disabled={!changed} loading={edit.isPending}>
            {t('notes.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}
