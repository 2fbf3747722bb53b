import type { Persona, PersonaDomainType, PersonaStatus } from '@doppel/contracts';
import { Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const DOMAIN_VARIANT = {
  business: 'info',
  personal: 'success',
  creative: 'warning',
  startup: 'soft',
} as const satisfies Record<PersonaDomainType, string>;

export function DomainBadge({ domainType }: { domainType: PersonaDomainType }) {
  const { t } = useTranslation('personas');
  return (
    <Badge variant={DOMAIN_VARIANT[domainType]} data-domain={domainType}>
      {t(`domainType.${domainType}`)}
    </Badge>
  );
}

const STATUS_VARIANT = {
  active: 'success',
  draft: 'outline',
  archived: 'outline',
} as const satisfies Record<PersonaStatus, string>;

export function StatusBadge({ status }: { status: PersonaStatus }) {
  const { t } = useTranslation('personas');
  return (
    <Badge variant={STATUS_VARIANT[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** "Twin's voice" and "Sample", when they apply. */
export function PersonaFlags({ persona }: { persona: Pick<Persona, 'isTwinVoice' | 'isSample'> }) {
  const { t } = useTranslation('personas');
  return (
    <>
      {persona.isTwinVoice ? (
        <Badge variant="default">
          <Mic aria-hidden="true" />
          {t('badges.twinVoice')}
        </Badge>
      ) : null}
      {persona.isSample ? <Badge variant="outline">{t('badges.sample')}</Badge> : null}
    </>
  );
}

/** The first `shown` items as chips and '+N' for the rest; spans only inside a button (`phrasing`). */
export function ExpertiseChips({
  items,
  shown,
  phrasing = false,
}: {
  items: string[];
  shown: number;
  phrasing?: boolean;
}) {
  const { t } = useTranslation('personas');
  if (items.length === 0) return null;
  const rest = items.length - shown;
  const List = phrasing ? 'span' : 'ul';
  const Item = phrasing ? 'span' : 'li';
  return (
    <List aria-label={phrasing ? undefined : t('fields.expertiseAreas')} className="flex flex-wrap gap-1.5">
      {items.slice(0, shown).map((item) => (
        <Item key={item}>
          <Badge variant="outline" className="max-w-48 truncate">
            {item}
          </Badge>
        </Item>
      ))}
      {rest > 0 ? (
        <Item>
          <Badge variant="outline" title={t('card.moreExpertise', { count: rest })}>
            +{rest}
          </Badge>
        </Item>
      ) : null}
    </List>
  );
}
