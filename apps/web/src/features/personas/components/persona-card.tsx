import type { Persona } from '@doppel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '@/lib/dates';
import { formatPersonaDate } from '../utils/format';
import { DomainBadge, ExpertiseChips, PersonaFlags, StatusBadge } from './persona-badges';
import { PersonaAvatar } from './persona-avatar';

/** A persona in the desktop grid; the name opens the detail, the whole card is its target. */
export function PersonaCard({ persona, onOpen }: { persona: Persona; onOpen: (persona: Persona) => void }) {
  const { t, i18n } = useTranslation('personas');
  const titleId = useId();
  const work = [persona.position, persona.companyName].filter(Boolean).join(' · ');
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="relative flex h-full flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-primary/40"
      >
        <div className="flex items-start gap-3">
          <PersonaAvatar persona={persona} />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <h2 id={titleId} className="truncate font-semibold">
              <button
                type="button"
                onClick={() => onOpen(persona)}
                className="text-left outline-none after:absolute after:inset-0 after:rounded-lg"
              >
                {persona.name}
              </button>
            </h2>
            {work ? <p className="truncate text-sm text-muted-foreground">{work}</p> : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <DomainBadge domainType={persona.domainType} />
          <PersonaFlags persona={persona} />
        </div>
        {persona.highConceptGoal ? (
          <p className="line-clamp-2 text-sm font-medium">{persona.highConceptGoal}</p>
        ) : null}
        {persona.description ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{persona.description}</p>
        ) : null}
        <ExpertiseChips items={persona.expertiseAreas} shown={3} />
        <div className="mt-auto flex items-center justify-between gap-2 pt-1 text-xs text-muted-foreground">
          <StatusBadge status={persona.status} />
          <span>
            {t('card.created')}{' '}
            <time dateTime={persona.createdAt} title={formatFullDate(persona.createdAt, i18n.language)}>
              {formatPersonaDate(persona.createdAt)}
            </time>
          </span>
        </div>
      </article>
    </li>
  );
}
