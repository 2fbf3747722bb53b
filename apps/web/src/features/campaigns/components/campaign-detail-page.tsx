import { campaignTitle, type Campaign } from '@doppel/contracts';
import { ArrowLeft, SearchX, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCampaign } from '../api/campaign-detail-api';
import { CampaignStatusBadge, CampaignTypeBadge, SampleBadge } from './campaign-badges';
import { AnalyticsTab } from './detail/analytics-tab';
import { CampaignSettingsDialog } from './detail/campaign-settings-dialog';
import { LeadsTab } from './detail/leads-tab';
import { OverviewTab } from './detail/overview-tab';
import { StatusActions } from './detail/status-actions';

const TABS = ['overview', 'leads', 'analytics'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/** URL parameters: the open tab, and ?settings=1 for the Settings dialog (the list's gear links here). */
const TAB_PARAM = 'tab';
const SETTINGS_PARAM = 'settings';

/**
 * /business/:id, full screen: back, name, status (and sample)
 * badges, Settings and the status actions, then Overview, Leads and Analytics.
 */
export function CampaignDetailPage() {
  const { t } = useTranslation('campaignDetail');
  const { id = '' } = useParams<{ id: string }>();
  const campaign = useCampaign(id);
  const title = campaign.data ? campaignTitle(campaign.data.name) : null;
  useDocumentTitle(title ?? t('title'));

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-4 md:p-6 lg:p-8">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/business">
            <ArrowLeft aria-hidden="true" />
            {t('back')}
          </Link>
        </Button>
      </div>
      {campaign.isPending ? (
        <DetailSkeleton />
      ) : campaign.isError ? (
        isApiError(campaign.error) && campaign.error.status === 404 ? (
          <NotFound />
        ) : (
          <ErrorState
            message={errorMessage(campaign.error, t('errors.load'))}
            onRetry={() => void campaign.refetch()}
            retrying={campaign.isFetching}
          />
        )
      ) : (
        <CampaignDetail campaign={campaign.data} />
      )}
    </div>
  );
}

function CampaignDetail({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaignDetail');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get(TAB_PARAM);
  const tab: Tab = isTab(tabParam) ? tabParam : 'overview';
  const settingsOpen = params.get(SETTINGS_PARAM) === '1';

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const openSettings = () => setParam(SETTINGS_PARAM, '1');

  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight break-words">
              {campaignTitle(campaign.name)}
            </h1>
            <CampaignTypeBadge type={campaign.type} />
            <CampaignStatusBadge status={campaign.status} />
            {campaign.isSample ? <SampleBadge /> : null}
          </div>
          <p className="text-sm break-words text-muted-foreground">{campaign.name}</p>
          {campaign.description ? <p className="max-w-3xl text-sm">{campaign.description}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={openSettings}>
            <Settings aria-hidden="true" />
            {t('settingsButton')}
          </Button>
          <StatusActions campaign={campaign} />
        </div>
      </header>

      <Tabs value={tab} onValueChange={(value) => setParam(TAB_PARAM, value === 'overview' ? null : value)}>
        <TabsList aria-label={t('tabs.label')} variant="segmented" className="max-w-full overflow-x-auto">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview" className="mt-4">
          <OverviewTab campaign={campaign} onOpenSettings={openSettings} />
        </TabsContent>
        <TabsContent value="leads" className="mt-4">
          <LeadsTab campaign={campaign} />
        </TabsContent>
        <TabsContent value="analytics" className="mt-4">
          <AnalyticsTab campaign={campaign} />
        </TabsContent>
      </Tabs>

      <CampaignSettingsDialog
        campaign={campaign}
        open={settingsOpen}
        onOpenChange={(open) => setParam(SETTINGS_PARAM, open ? '1' : null)}
      />
    </>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation('campaignDetail');
  return (
    <LoadingState label={t('loading')} className="grid gap-5">
      <div className="grid gap-2" aria-hidden="true">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <Skeleton className="h-10 w-72" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-5 lg:grid-cols-2" aria-hidden="true">
        <Skeleton className="h-40 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    </LoadingState>
  );
}

function NotFound() {
  const { t } = useTranslation('campaignDetail');
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-lg font-semibold">{t('notFound.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('notFound.description')}</p>
      <Button asChild variant="outline">
        <Link to="/business">{t('back')}</Link>
      </Button>
    </div>
  );
}
