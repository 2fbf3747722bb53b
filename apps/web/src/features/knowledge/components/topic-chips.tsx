import { useTranslation } from 'react-i18next';

/** A document's key topics as chips: the first `shown`, then "+N" for the rest. */
export function TopicChips({ topics, shown }: { topics: string[]; shown?: number }) {
  const { t } = useTranslation('knowledge');
  if (topics.length === 0) return null;
  const visible = shown === undefined ? topics : topics.slice(0, shown);
  const more = topics.length - visible.length;
  return (
    <ul aria-label={t('document.topics')} className="flex flex-wrap gap-1.5">
      {visible.map((topic) => (
        <li key={topic} className="rounded-full bg-muted px-2 py-0.5 text-xs">
          {topic}
        </li>
      ))}
      {more > 0 ? (
        <li className="rounded-full px-1 py-0.5 text-xs text-muted-foreground">
          <span aria-hidden="true">+{more}</span>
          <span className="sr-only">{t('document.moreTopics', { count: more })}</span>
        </li>
      ) : null}
    </ul>
  );
}
