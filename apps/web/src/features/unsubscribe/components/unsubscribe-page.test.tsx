import { routes as apiRoutes, type UnsubscribeInfo } from '@doppel/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { errorReply, fakeRoute, OK_REPLY } from '@/test-support/fake-api';
import { renderWithProviders, type ServerRoutes } from '@/test-support/render-with-providers';
import { UnsubscribePage } from './unsubscribe-page';

const TOKEN = 'unsub_0123456789abcdef0123';

const info = (fields: Partial<UnsubscribeInfo> = {}): UnsubscribeInfo => ({
  address: 'ben@acme.example',
  sender: 'Ada Lovelace',
  unsubscribed: false,
  ...fields,
});

/** The page at its path with no session: the recipient of a campaign email is not a user. */
function openLink(server: ServerRoutes, path = `/unsubscribe?token=${TOKEN}`) {
  return renderWithProviders(<Route path="/unsubscribe" element={<UnsubscribePage />} />, { path, server });
}

describe('unsubscribe page', () => {
  it('asks first, then stops the emails, without a session', async () => {
    let answer: () => void = () => {};
    const { fake, location, user } = openLink({
      ...fakeRoute(apiRoutes.unsubscribe.show, { body: info() }),
      ...fakeRoute(
        apiRoutes.unsubscribe.confirm,
        () => new Promise((resolve) => (answer = () => resolve(OK_REPLY))),
      ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(await screen.findByText('Stop emails from Ada Lovelace to ben@acme.example?')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.unsubscribe.show)[0]!.query.get('token')).toBe(TOKEN);
    // Nothing is stopped by opening the link: mail scanners open links too.
    expect(fake.callsTo(apiRoutes.unsubscribe.confirm)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeDisabled());
    answer();
    expect(await screen.findByRole('status')).toHaveTextContent('You will not get these emails again.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();

    const confirms = fake.callsTo(apiRoutes.unsubscribe.confirm);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.query.get('token')).toBe(TOKEN);
    expect(confirms[0]!.headers.has('authorization')).toBe(false);
    // The link may be opened again: its token stays in the address.
    expect(location().pathname).toBe('/unsubscribe');
    expect(location().search).toBe(`?token=${TOKEN}`);
    expect(document.title).toBe('Unsubscribe · Doppel');
  });

  it('shows an address that is already unsubscribed as done at once', async () => {
    const { fake } = openLink({
      ...fakeRoute(apiRoutes.unsubscribe.show, { body: info({ unsubscribed: true }) }),
    });
    expect(
      (await screen.findByText('You will not get these emails again.')).closest('[role]'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.unsubscribe.confirm)).toHaveLength(0);
  });

  it('says when the link is not valid or has expired', async () => {
    openLink({
      ...fakeRoute(
        apiRoutes.unsubscribe.show,
        errorReply(400, 'invalid_token', 'Token has expired or is invalid'),
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid or has expired.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says when the token is refused on confirming, and the question stays', async () => {
    const { user } = openLink({
      ...fakeRoute(apiRoutes.unsubscribe.show, { body: info() }),
      ...fakeRoute(
        apiRoutes.unsubscribe.confirm,
        errorReply(400, 'invalid_token', 'Token has expired or is invalid'),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid or has expired.',
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });

  it('says a link without its token is incomplete, and asks the server nothing', async () => {
    const { fake } = openLink({}, '/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is incomplete. Open it again from the email.',
    );
    expect(fake.callsTo(apiRoutes.unsubscribe.show)).toHaveLength(0);
  });

  it('shows a loading state until the server answers', async () => {
    let answer: () => void = () => {};
    openLink({
      ...fakeRoute(
        apiRoutes.unsubscribe.show,
        () => new Promise((resolve) => (answer = () => resolve({ body: info() }))),
      ),
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading…'));
    answer();
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });

  it('speaks the browser’s language to a visitor who never chose one here', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    openLink({ ...fakeRoute(apiRoutes.unsubscribe.show, { body: info() }) });
    expect(
      await screen.findByText('Keine E-Mails mehr von Ada Lovelace an ben@acme.example?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    // Not remembered for the visitor: the browser decided, not they.
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('keeps the language chosen on this device before', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    openLink({ ...fakeRoute(apiRoutes.unsubscribe.show, { body: info() }) });
    expect(
      await screen.findByText('Ne plus recevoir les e-mails de Ada Lovelace à l’adresse ben@acme.example ?'),
    ).toBeInTheDocument();
  });
});
