import { routes as apiRoutes, type LearnedVoice } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeRoute, type RouteReply } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { SettingsDialog } from './settings-dialog';

const nothing: LearnedVoice = { persona: { id: 'p1', name: 'Maya Chen' }, count: 0, habits: [], recent: [] };

const learned: LearnedVoice = {
  persona: { id: 'p1', name: 'Maya Chen' },
  count: 2,
  habits: [
    { language: 'en', messages: 2, greeting: 'Hey {name}!', signOff: 'Cheers,\nMax', typicalLength: 48 },
    { language: 'de', messages: 1, greeting: null, signOff: null, typicalLength: 120 },
  ],
  recent: [
    {
      id: 'v1',
      taskType: 'message_reply',
      channel: 'telegram',
      language: 'en',
      draft: 'Hi Anna, thanks — sounds good.',
      sent: 'Hey Anna! Sounds good, talk Tuesday.',
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

async function openVoiceTab(server: ServerRoutes) {
  const rendered = renderWithProviders(
    <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
    {
      server: { ...signedInRoutes(), ...server },
    },
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
  await rendered.user.click(dialog.getByRole('tab', { name: 'Learned voice' }));
  return { ...rendered, dialog };
}

describe('Settings → Learned voice', () => {
  it('says it is loading, then shows the count, the habits per language and the latest change', async () => {
    type Reply = RouteReply<typeof apiRoutes.learnedVoice.get>;
    let answer: (reply: Reply) => void = () => {};
    const { dialog } = await openVoiceTab({
      ...fakeRoute(apiRoutes.learnedVoice.get, () => new Promise<Reply>((resolve) => (answer = resolve))),
    });
    expect(await dialog.findByRole('status')).toHaveTextContent('Loading what your twin learned…');
    answer({ body: learned });

    expect(
      await dialog.findByRole('heading', { name: 'What your twin learned from you' }),
    ).toBeInTheDocument();
    expect(dialog.getByText('Learned for the persona Maya Chen.')).toBeInTheDocument();
    expect(dialog.getByText('2 changed messages')).toBeInTheDocument();
    const habits = within(dialog.getByRole('region', { name: 'Habits by language' }));
    const [english, german] = habits.getAllByRole('listitem');
    expect(english).toHaveTextContent('English · from 2 messages');
    expect(english).toHaveTextContent('GreetingHey ‹name›!');
    expect(english).toHaveTextContent('Sign-offCheers,');
    expect(english).toHaveTextContent('Typical lengthabout 48 characters');
    expect(german).toHaveTextContent('German · from 1 message');
    expect(german).toHaveTextContent('GreetingNot learned yet');
    const latest = within(dialog.getByRole('region', { name: 'Latest changes' }));
    expect(latest.getByText('Hi Anna, thanks — sounds good.')).toBeInTheDocument();
    expect(latest.getByText('Hey Anna! Sounds good, talk Tuesday.')).toBeInTheDocument();
  });

  it('says when nothing is learned yet, without a Forget button', async () => {
    const { dialog } = await openVoiceTab({ ...fakeRoute(apiRoutes.learnedVoice.get, { body: nothing }) });
    expect(await dialog.findByText('Nothing learned yet')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Forget what it learned' })).not.toBeInTheDocument();
  });

  it('shows a failed load with Retry, which loads it again', async () => {
    const { dialog, user, fake } = await openVoiceTab({
      ...fakeRoute(apiRoutes.learnedVoice.get, errorReply(500, 'internal', '')),
    });
    // One automatic retry first, then the error.
    expect(
      await dialog.findByText('Failed to load what your twin learned', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    fake.fake(apiRoutes.learnedVoice.get, { body: learned });
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByText('2 changed messages')).toBeInTheDocument();
  });

  it('forgets only after the user confirms, then shows that nothing is learned', async () => {
    const { dialog, user, fake } = await openVoiceTab({
      ...fakeRoute(apiRoutes.learnedVoice.get, { body: learned }),
      ...fakeRoute(apiRoutes.learnedVoice.forget, { body: nothing }),
    });
    await user.click(await dialog.findByRole('button', { name: 'Forget what it learned' }));
    let confirm = within(await screen.findByRole('alertdialog', { name: 'Forget what your twin learned?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo(apiRoutes.learnedVoice.forget)).toHaveLength(0);
    expect(dialog.getByText('2 changed messages')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Forget what it learned' }));
    confirm = within(await screen.findByRole('alertdialog', { name: 'Forget what your twin learned?' }));
    await user.click(confirm.getByRole('button', { name: 'Forget' }));
    expect(await screen.findByText('Your twin forgot what it learned')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.learnedVoice.forget)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(dialog.getByText('Nothing learned yet')).toBeInTheDocument();
  });
});
