import { routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  campaignDetailServer,
  makeCampaign,
  sampleSequence,
  withEngagement,
} from '../../test-support/campaign-detail-server';
import { renderCampaignDetail } from '../../test-support/render-campaign-detail';

/** A campaign whose sequence has two follow-ups: an AI email after 3 days, a template after 5. */
const twoStepCampaign = (accountType: 'personal' | 'ai_assistant' = 'ai_assistant') =>
  withEngagement(makeCampaign(), {
    account_type: accountType,
    daily_send_limit: 40,
    follow_up_sequence: [
      { afterDays: 3, channel: 'email', content: 'ai', template: '' },
      { afterDays: 1, channel: 'same', content: 'template', template: 'Hi {name}, one last note.' },
    ],
  });

/** The value shown for a figure of a <dl> (its <dt> text → the <dd> after it). */
function figure(scope: HTMLElement, label: string): string | null | undefined {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const sequenceRegion = () => screen.findByRole('region', { name: 'Sequence' });
const stepRows = (region: HTMLElement): HTMLElement[] =>
  within(within(region).getByRole('list', { name: 'Messages of the sequence' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.closest('li')!);

describe('Overview: the sequence', () => {
  it('shows each message’s figures with the skip reasons, the stops, held leads and today’s sends', async () => {
    renderCampaignDetail(campaignDetailServer({ campaign: twoStepCampaign(), sequence: sampleSequence() }));
    const region = await sequenceRegion();
    await within(region).findByRole('list', { name: 'Messages of the sequence' });

    const rows = stepRows(region);
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'First message',
      'Follow-up 1 · after 3 days · Email',
      'Follow-up 2 · after 1 day · Same channel',
    ]);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(figure(first, 'Sent')).toBe('40');
    expect(figure(first, 'Replied')).toBe('6');
    expect(within(first).queryByRole('list')).not.toBeInTheDocument();

    expect(figure(second, 'Waiting')).toBe('12');
    expect(figure(second, 'Awaiting approval')).toBe('3');
    expect(figure(second, 'Sent')).toBe('18');
    expect(figure(second, 'Skipped')).toBe('4');
    expect(figure(second, 'Replied')).toBe('3');
    const why = within(second).getByRole('list', {
      name: 'Why leads were skipped: Follow-up 1 · after 3 days · Email',
    });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Touch budget reached: 2', 'No address on this channel: 1', 'Opted out: 1']);
    expect(within(third).getByRole('listitem')).toHaveTextContent('Could not be sent: 1');

    expect(figure(region, 'Unsubscribed')).toBe('2');
    expect(figure(region, 'Bounced')).toBe('1');
    expect(figure(region, 'Campaign ended')).toBe('0');
    const stopped = within(region).getByText('Left the sequence').nextElementSibling as HTMLElement;
    expect(figure(stopped, 'Replied')).toBe('10');
    expect(
      within(region).getByText('7 leads held below the quality threshold (80%): not contacted.'),
    ).toBeInTheDocument();
    expect(within(region).getByText('Sent today: 12 of 40')).toBeInTheDocument();
    expect(
      within(region).getByRole('progressbar', { name: 'Messages sent today against the daily send limit' }),
    ).toHaveAttribute('aria-valuenow', '12');
  });

  it('shows the twin’s emails still on their way, and the reason a deleted task gives', async () => {
    const figures = sampleSequence();
    figures.steps[0] = {
      ...figures.steps[0]!,
      sending: 4,
      skipped: 1,
      skippedBy: { task_deleted: 1 },
    };
    renderCampaignDetail(campaignDetailServer({ campaign: twoStepCampaign(), sequence: figures }));
    const region = await sequenceRegion();
    await within(region).findByRole('list', { name: 'Messages of the sequence' });
    const [first, second] = stepRows(region) as [HTMLElement, HTMLElement];
    expect(figure(first, 'Sending')).toBe('4');
    expect(within(first).getByRole('listitem')).toHaveTextContent('Task deleted before sending: 1');
    // No emails on their way: no such figure.
    expect(within(second).queryByText('Sending', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows no daily sends for the personal account, and one held lead in the singular', async () => {
    renderCampaignDetail(
      campaignDetailServer({
        campaign: twoStepCampaign('personal'),
        sequence: { ...sampleSequence(), held: 1 },
      }),
    );
    const region = await sequenceRegion();
    expect(
      await within(region).findByText('1 lead held below the quality threshold (80%): not contacted.'),
    ).toBeInTheDocument();
    expect(within(region).queryByText(/Sent today/)).not.toBeInTheDocument();
    expect(within(region).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says there are no follow-ups yet, opens Settings to add one, and reads the figures again', async () => {
    const server = campaignDetailServer();
    const { user, fake } = renderCampaignDetail(server);
    const region = await sequenceRegion();
    expect(await within(region).findByText('No follow-ups yet')).toBeInTheDocument();
    expect(
      within(region).getByText(
        'Only the first message goes out. Add follow-ups to write again to leads who have not replied.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByText('Left the sequence')).not.toBeInTheDocument();
    const reads = () => fake.callsTo(apiRoutes.campaigns.sequence, { id: server.state.campaign.id }).length;
    const readsBefore = reads();

    await user.click(within(region).getByRole('button', { name: 'Set up follow-ups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Campaign settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The saved campaign names its step, and the figures were read again with it.
    const rows = await waitFor(() => {
      const found = stepRows(region);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'First message',
      'Follow-up 1 · after 3 days · Same channel',
    ]);
    expect(within(region).queryByText('No follow-ups yet')).not.toBeInTheDocument();
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
  });

  it('says when the figures could not be loaded, and retries', async () => {
    const server = campaignDetailServer({ campaign: twoStepCampaign(), sequence: 'error' });
    const { user } = renderCampaignDetail(server);
    const region = await sequenceRegion();
    const alert = await within(region).findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The sequence could not be loaded.');

    server.state.sequence = sampleSequence();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('list', { name: 'Messages of the sequence' })).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  }, 15_000);
});
