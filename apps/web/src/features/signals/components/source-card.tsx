import { signalSourceProblems, type SignalSource, type SignalSourceKind } from '@doppel/contracts';
import {
  CalendarDays,
  ChevronDown,
  CircleAlert,
  MessagesSquare,
  Newspaper,
  Pause,
  Pencil,
  Play,
  RefreshCw,
  Trash2,
} from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { cn, isOneOf } from '@/lib/utils';
import { useDeleteSource, usePollSource, useSetSourceActive } from '../api/signals-api';
import { useNow } from '../hooks/use-now';
import { PLATFORM_NAMES } from '../utils/untranslated';
import { formatCount, formatDateTime, formatList, formatRelativeTime } from '../utils/signal-format';
import { EditSourceDialog } from './edit-source-dialog';
import { SourceItems } from './source-items';

const KIND_ICONS: Record<SignalSourceKind, typeof Newspaper> = {
  rss: Newspaper,
  reddit: MessagesSquare,
  content_plan: CalendarDays,
};

export function SourceKindIcon({ kind }: { kind: SignalSourceKind }) {
  const Icon = KIND_ICONS[kind];
  return (
    <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}

/** A time shown relative ("5 minutes ago"), the exact moment as its tooltip. */
function When({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDateTime(iso, i18n.language)}>
      {formatRelativeTime(iso, i18n.language, now)}
    </time>
  );
}

/** What the source follows: the feed's address, the subreddit, or the plan's cadence. */
function SourceTarget({ source }: { source: SignalSource }) {
  const { t, i18n } = useTranslation('signals');
  if (source.kind === 'rss' && source.url)
    return <p className="truncate text-xs text-muted-foreground">{source.url}</p>;
  if (source.kind === 'reddit' && source.subreddit)
    return <p className="truncate text-xs text-muted-foreground">r/{source.subreddit}</p>;
  if (source.kind === 'content_plan')
    return (
      <p className="text-xs text-muted-foreground">
        {t('card.cadence', {
          value: formatCount(source.cadencePerWeek ?? 0, i18n.language),
          platforms: formatList(
            source.platforms.map((platform) => PLATFORM_NAMES[platform]),
            i18n.language,
          ),
        })}
      </p>
    );
  return null;
}

/** When the next poll (or post slot) comes, or why none comes. */
function NextPoll({ source, pollingEnabled }: { source: SignalSource; pollingEnabled: boolean }) {
  const { t } = useTranslation('signals');
  const now = useNow();
  if (!source.isActive) return <>{t('state.paused')}</>;
  if (!pollingEnabled) return <>{t('state.offInDemo')}</>;
  if (!source.nextFetchAt) return <>{t('state.notScheduled')}</>;
  if (new Date(source.nextFetchAt).getTime() <= now) return <>{t('state.dueNow')}</>;
  return <When iso={source.nextFetchAt} />;
}

interface SourceCardProps {
  source: SignalSource;
  pollingEnabled: boolean;
  /** The page's note on why polling is off (demo mode), which the disabled Poll now points to. */
  pollingOffNoteId: string;
  /** Where focus goes once the card is gone after a removal. */
  onRemoved: () => void;
}

/**
 * One source: what it follows, its keywords, its state (last fetched, next poll, items seen,
 * tasks made, the last poll's error), its recent items, and Poll now, Pause/Resume, Edit and
 * Remove (asked first).
 */
export function SourceCard({ source, pollingEnabled, pollingOffNoteId, onRemoved }: SourceCardProps) {
  const { t, i18n } = useTranslation('signals');
  const titleId = useId();
  const itemsId = useId();
  const pausedNoteId = useId();
  const [showItems, setShowItems] = useState(false);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const poll = usePollSource();
  const setActive = useSetSourceActive();
  const remove = useDeleteSource();
  const language = i18n.language;
  const pollBlockedBy = !pollingEnabled ? pollingOffNoteId : !source.isActive ? pausedNoteId : undefined;

  const figures: Array<{ label: string; value: ReactNode }> = [
    {
      label: t('state.lastFetched'),
      value: source.lastFetchedAt ? <When iso={source.lastFetchedAt} /> : t('state.never'),
    },
    {
      label: source.kind === 'content_plan' ? t('state.nextSlot') : t('state.nextPoll'),
      value: <NextPoll source={source} pollingEnabled={pollingEnabled} />,
    },
    { label: t('state.itemsSeen'), value: formatCount(source.itemsSeen, language) },
    { label: t('state.tasksCreated'), value: formatCount(source.tasksCreated, language) },
  ];

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="flex items-start gap-3">
        <SourceKindIcon kind={source.kind} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h3 id={titleId} className="min-w-0 font-medium break-words">
              {source.name}
            </h3>
            <Badge variant="outline">{t(`kinds.${source.kind}`)}</Badge>
            {source.isSample ? <Badge variant="info">{t('card.sample')}</Badge> : null}
            {source.isActive ? (
              <Badge variant="success">{t('card.active')}</Badge>
            ) : (
              <Badge variant="warning">{t('card.paused')}</Badge>
            )}
          </div>
          <SourceTarget source={source} />
        </div>
      </div>

      {source.kind !== 'content_plan' ? (
        source.keywords.length > 0 ? (
          <ul aria-label={t('card.keywords')} className="flex flex-wrap gap-1.5">
            {source.keywords.map((keyword) => (
              <li key={keyword} className="rounded-full bg-muted px-2 py-0.5 text-xs">
                {keyword}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-muted-foreground">{t('card.noKeywords')}</p>
        )
      ) : null}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(({ label, value }) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-sm font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      {source.lastError ? (
        <Notice variant="destructive" size="sm" className="items-start">
          <CircleAlert aria-hidden="true" />
          <div className="grid gap-0.5">
            <p className="font-medium">{t('card.lastError')}</p>
            <p className="break-words">
              {isOneOf(signalSourceProblems, source.lastError)
                ? t(`card.problems.${source.lastError}`)
                : source.lastError}
            </p>
          </div>
        </Notice>
      ) : null}

      {!source.isActive ? (
        <p id={pausedNoteId} className="text-xs text-muted-foreground">
          {t('card.pausedNote')}
        </p>
      ) : null}

      {/* At the card's foot, so cards side by side line their actions up. */}
      <div className="mt-auto grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showItems}
          aria-controls={showItems ? itemsId : undefined}
          onClick={() => setShowItems((shown) => !shown)}
          className="col-span-2 sm:col-span-1"
        >
          <ChevronDown aria-hidden="true" className={cn('transition-transform', showItems && 'rotate-180')} />
          {t('card.recentItems')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={Boolean(pollBlockedBy)}
          aria-describedby={pollBlockedBy}
          loading={poll.isPending}
          onClick={() => poll.mutate(source)}
        >
          {poll.isPending ? null : <RefreshCw aria-hidden="true" />}
          {t('card.pollNow')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          loading={setActive.isPending}
          onClick={() => setActive.mutate({ id: source.id, isActive: !source.isActive })}
        >
          {setActive.isPending ? null : source.isActive ? (
            <Pause aria-hidden="true" />
          ) : (
            <Play aria-hidden="true" />
          )}
          {source.isActive ? t('card.pause') : t('card.resume')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          {t('card.edit')}
        </Button>
        <Button
          ref={removeButton}
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive-soft"
          onClick={() => setRemoving(true)}
        >
          <Trash2 aria-hidden="true" />
          {t('card.remove')}
        </Button>
      </div>

      {showItems ? <SourceItems sourceId={source.id} name={source.name} id={itemsId} /> : null}

      <EditSourceDialog source={source} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t('remove.title', { name: source.name })}
        description={t('remove.description')}
        cancelLabel={t('dialog.cancel')}
        confirmLabel={t('remove.confirm')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(source, {
            onSuccess: () => setRemoving(false),
          })
        }
        onCloseAutoFocus={(event) => {
          // The card (and its Remove button) is gone after a removal; focus moves to the list.
          if (removeButton.current?.isConnected) return;
          event.preventDefault();
          onRemoved();
        }}
      />
    </article>
  );
}
