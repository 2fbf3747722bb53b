import { canTransition, campaignTitle, type Campaign, type CampaignAction } from '@doppel/contracts';
import { Ban, CircleCheck, Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { notifySuccess } from '@/lib/notify';
import { useChangeCampaignStatus, useDeleteCampaign } from '../../api/campaigns-api';

type Confirmable = 'complete' | 'cancel' | 'delete';

/**
 * The campaign's status actions: Pause while active, Start otherwise
 * (draft or paused → active; disabled once ended); Complete and Cancel, each after a
 * confirmation; and Delete, also confirmed, which goes back to the list.
 */
export function StatusActions({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaignDetail');
  const navigate = useNavigate();
  // The list's hooks: they toast failures and refresh every 'campaigns' query; success is said here.
  const change = useChangeCampaignStatus();
  const remove = useDeleteCampaign();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const title = campaignTitle(campaign.name);

  const primary: CampaignAction = campaign.status === 'active' ? 'pause' : 'start';
  const primaryAllowed = canTransition(campaign.status, primary);
  const pendingAction = change.isPending ? change.variables.action : undefined;

  const act = (action: CampaignAction) =>
    change.mutate(
      { id: campaign.id, action },
      {
        onSuccess: () => notifySuccess(t(`toast.status.${action}`)),
        onSettled: () => setConfirming(null),
      },
    );

  const confirm = () => {
    if (confirming === 'delete')
      remove.mutate(campaign.id, {
        onSuccess: () => {
          notifySuccess(t('toast.deleted'));
          void navigate('/business', { replace: true });
        },
        onSettled: () => setConfirming(null),
      });
    else if (confirming) act(confirming);
  };

  return (
    // Its buttons flow in the header's own wrapping row, so a phone fills lines evenly.
    <div className="contents">
      <Button
        variant={primary === 'pause' ? 'outline' : 'default'}
        disabled={!primaryAllowed || (change.isPending && pendingAction !== primary)}
        loading={pendingAction === primary}
        onClick={() => act(primary)}
        title={primaryAllowed ? undefined : t('actions.endedHint')}
      >
        {primary === 'pause' ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {t(`actions.${primary}`)}
      </Button>
      {canTransition(campaign.status, 'complete') ? (
        <Button variant="outline" disabled={change.isPending} onClick={() => setConfirming('complete')}>
          <CircleCheck aria-hidden="true" />
          {t('actions.complete')}
        </Button>
      ) : null}
      {canTransition(campaign.status, 'cancel') ? (
        <Button variant="outline" disabled={change.isPending} onClick={() => setConfirming('cancel')}>
          <Ban aria-hidden="true" />
          {t('actions.cancel')}
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('actions.delete')}
        title={t('actions.delete')}
        onClick={() => setConfirming('delete')}
      >
        <Trash2 aria-hidden="true" />
      </Button>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming ? t(`confirm.${confirming}.title`) : ''}
        description={confirming ? t(`confirm.${confirming}.description`, { name: title }) : ''}
        cancelLabel={t('confirm.keep')}
        confirmLabel={confirming ? t(`confirm.${confirming}.confirm`) : ''}
        confirmVariant={confirming === 'complete' ? 'default' : 'destructive'}
        pending={change.isPending || remove.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
