import type { Lead } from '@doppel/contracts';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Notice } from '@/components/ui/notice';

const KNOWN_FIELDS = [
  'email',
  'phone',
  'company',
  'job_title',
  'company_size',
  'industry',
  'location',
  'linkedin',
  'social_profiles',
  'seniority',
] as const;
type KnownField = (typeof KNOWN_FIELDS)[number];
const isKnown = (key: string): key is KnownField => (KNOWN_FIELDS as readonly string[]).includes(key);

/**
 * What enrichment added to a lead, field by field, with the provider. Values a simulated
 * provider made up are badged 'Simulated' and explained: they are never used to reach anyone.
 */
export function EnrichmentDetails({ id, lead }: { id: string; lead: Lead }) {
  const { t } = useTranslation('campaignDetail');
  const entries = Object.entries(lead.enrichment);
  const anySimulated = entries.some(([, value]) => value.simulated);
  const explanationId = `${id}-simulated`;
  return (
    <section id={id} aria-label={t('leads.enrichmentOf', { name: lead.name })} className="grid gap-3">
      {anySimulated ? (
        <Notice variant="warning" size="sm" id={explanationId}>
          <FlaskConical aria-hidden="true" />
          <p>{t('simulated.explanation')}</p>
        </Notice>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {entries.map(([key, value]) => (
          <div key={key} className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">
              {isKnown(key) ? t(`enrichment.fields.${key}`) : key}
            </dt>
            <dd className="flex flex-wrap items-center gap-1.5 break-all">
              <span>{value.value}</span>
              {value.simulated ? (
                <Badge variant="warning" aria-describedby={explanationId}>
                  {t('simulated.badge')}
                </Badge>
              ) : null}
            </dd>
            <dd className="text-xs text-muted-foreground">
              {t('enrichment.provider', { provider: value.provider })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
