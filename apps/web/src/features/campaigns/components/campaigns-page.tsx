import { campaignStatusSchema, campaignTypeSchema } from '@doppel/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCampaigns } from '../api/campaigns-api';
import {
  CampaignFilters,
  CampaignStatusFilters,
  type CampaignStatusFilter,
  type CampaignTypeFilter,
} from './campaign-filters';
import { CampaignList } from './campaign-list';
import { CampaignSearch } from './campaign-search';
import { CampaignWizard } from './wizard/campaign-wizard';

/** The chosen type and status live in the address, so a reload or Back shows them again. */
const TYPE_PARAM = 'type';
const STATUS_PARAM = 'status';
/** Typing pauses this long before the search is sent. */
export const SEARCH_DELAY_MS = 300;

/**
 * /business: the title, Create Campaign, the search, the type and status chips with
 * their counts, the campaign cards, and the creation wizard.
 */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const parsedType = campaignTypeSchema.safeParse(params.get(TYPE_PARAM));
  const type = parsedType.success ? parsedType.data : undefined;
  const parsedStatus = campaignStatusSchema.safeParse(params.get(STATUS_PARAM));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  // Clearing the field shows everything at once; only typing waits.
  const search = searchText.trim() === '' ? '' : settled;
  const campaigns = useCampaigns({ search: search || undefined, type, status });
  const [creating, setCreating] = useState(false);

  /** Sets one filter of the address ('all' removes it), keeping the other. */
  const chooseFilter = (param: string, value: CampaignTypeFilter | CampaignStatusFilter) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'all') next.delete(param);
        else next.set(param, value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-4 md:p-6 lg:p-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setCreating(true)} className="w-full sm:w-auto">
          <Plus aria-hidden="true" />
          {t('createCampaign')}
        </Button>
      </header>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex flex-col gap-2">
          <CampaignFilters
            value={type ?? 'all'}
            counts={campaigns.data?.counts}
            onChange={(value) => chooseFilter(TYPE_PARAM, value)}
          />
          <CampaignStatusFilters
            value={status ?? 'all'}
            counts={campaigns.data?.counts}
            onChange={(value) => chooseFilter(STATUS_PARAM, value)}
          />
        </div>
        <CampaignSearch value={searchText} onChange={setSearchText} />
      </div>

      <div aria-busy={campaigns.isFetching}>
        <CampaignList
          campaigns={campaigns}
          filtered={search !== '' || type !== undefined || status !== undefined}
          onCreate={() => setCreating(true)}
        />
      </div>

      <CampaignWizard open={creating} onOpenChange={setCreating} />
    </div>
  );
}
