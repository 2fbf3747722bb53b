import type { Persona } from '@doppel/contracts';
import { MapPin, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { DomainBadge, ExpertiseChips, PersonaFlags } from './persona-badges';
import { PersonaAvatar } from './persona-avatar';
import { PersonaDetail } from './persona-detail';
import { PersonaListEmpty, PersonaListSkeleton } from './persona-list-states';
import type { PersonasViewProps } from './personas-page';

/** Phones: summary tiles and persona cards; a tapped card opens its detail full screen. */
export function MobilePersonas({ personas, selectedId, onOpen, onClose, onCreate }: PersonasViewProps) {
  const { t } = useTranslation(['personas', 'common']);
  const items = personas.data?.items;

  let content;
  if (personas.isPending) {
    content = <PersonaListSkeleton cards={3} />;
  } else if (!items) {
    content = (
      <ErrorState
        message={errorMessage(personas.error, t('errors.load'))}
        onRetry={() => void personas.refetch()}
        retrying={personas.isFetching}
      />
    );
  } else if (items.length === 0) {
    content = <PersonaListEmpty onCreate={onCreate} />;
  } else {
    content = (
      <>
        <SummaryTiles items={items} />
        <ul aria-label={t('list.label')} className="grid gap-3">
          {items.map((persona) => (
            <MobilePersonaCard key={persona.id} persona={persona} onOpen={onOpen} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4 p-4">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-semibold tracking-tight">{t('title')}</h1>
        <Button size="icon" aria-label={t('create')} onClick={onCreate}>
          <Plus aria-hidden="true" />
        </Button>
      </header>
      {content}
      <Dialog open={selectedId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
        {selectedId ? (
          <DialogContent
            closeLabel={t('common:actions.close')}
            aria-describedby={undefined}
            className="overflow-y-auto"
          >
            <div className="p-4 pt-14">
              <PersonaDetail
                id={selectedId}
                onBack={onClose}
                onDeleted={onClose}
                renderTitle={(name) => <DialogTitle className="text-xl break-words">{name}</DialogTitle>}
              />
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function SummaryTiles({ items }: { items: Persona[] }) {
  const { t, i18n } = useTranslation('personas');
  const format = new Intl.NumberFormat(i18n.language);
  const tiles = [
    { key: 'total', value: items.length },
    { key: 'active', value: items.filter((persona) => persona.status === 'active').length },
    { key: 'startup', value: items.filter((persona) => persona.domainType === 'startup').length },
  ] as const;
  return (
    <dl aria-label={t('mobile.summary')} className="grid grid-cols-3 gap-2">
      {tiles.map((tile) => (
        <div
          key={tile.key}
          className="flex flex-col-reverse items-center gap-0.5 rounded-lg border bg-card px-2 py-3"
        >
          <dt className="text-xs text-muted-foreground">{t(`mobile.tiles.${tile.key}`)}</dt>
          <dd className="text-xl font-semibold tabular-nums">{format.format(tile.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function MobilePersonaCard({ persona, onOpen }: { persona: Persona; onOpen: (persona: Persona) => void }) {
  const { t } = useTranslation('personas');
  const work = [persona.position, persona.companyName].filter(Boolean).join(' · ');
  return (
    <li>
      {/* Only the name is inside the button, so its label holds all its visible text (WCAG 2.5.3);
          its ::after stretches over the card, so a tap anywhere opens the persona. */}
      <article
        aria-label={persona.name}
        className="relative flex w-full flex-col gap-2.5 rounded-lg border bg-card p-4 text-card-foreground shadow-xs has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
      >
        <span className="flex items-start gap-3">
          <PersonaAvatar persona={persona} />
          <span className="grid min-w-0 flex-1 gap-0.5">
            <button
              type="button"
              onClick={() => onOpen(persona)}
              aria-label={t('mobile.open', { name: persona.name })}
              className="truncate text-left font-semibold outline-none after:absolute after:inset-0 after:rounded-lg"
            >
              {persona.name}
            </button>
            {work ? <span className="truncate text-sm text-muted-foreground">{work}</span> : null}
          </span>
          <DomainBadge domainType={persona.domainType} />
        </span>
        {persona.isTwinVoice || persona.isSample ? (
          <span className="flex flex-wrap gap-1.5">
            <PersonaFlags persona={persona} />
          </span>
        ) : null}
        {persona.highConceptGoal ? (
          <span className="line-clamp-2 text-sm">{persona.highConceptGoal}</span>
        ) : null}
        <ExpertiseChips items={persona.expertiseAreas} shown={2} />
        {persona.location ? (
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <MapPin className="size-3.5" aria-hidden="true" />
            {persona.location}
          </span>
        ) : null}
      </article>
    </li>
  );
}
