import { AVATAR_MAX_BYTES, errorMessages, routes as apiRoutes, type User } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeRoute, makeSession, makeUser } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { ProfileTab } from './profile-tab';

/** Dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;
const PHOTO_URL = '/api/avatars/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** Settings → Profile for a signed-in user. */
async function openProfile(user: Partial<User> = {}, extra: ServerRoutes = {}) {
  const session = makeSession({ user });
  const rendered = renderWithProviders(<Route path="*" element={<ProfileTab />} />, {
    server: { ...signedInRoutes(session), ...extra },
  });
  await screen.findByRole('heading', { name: session.user.name });
  // The sidebar's user block shows the session's user: a new photo must reach it there.
  const sidebarPhoto = () => rendered.services.session.getState().session?.user.avatarUrl;
  return { ...rendered, sidebarPhoto };
}

const png = (bytes = 2048) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

describe('profile photo', () => {
  it(
    'uploads the chosen photo, shows progress, then the photo here and in the sidebar',
    async () => {
      let answer: (user: User) => void = () => {};
      const { user, fake, sidebarPhoto } = await openProfile(
        {},
        fakeRoute(
          apiRoutes.profile.uploadAvatar,
          () => new Promise<{ body: User }>((resolve) => (answer = (body) => resolve({ body }))),
        ),
      );
      expect(screen.queryByRole('img', { name: 'Your profile photo' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

      const photo = png();
      await user.upload(screen.getByLabelText('Upload photo'), photo);
      expect(await screen.findByLabelText('Uploading…')).toBeDisabled();
      const sent = fake.callsTo(apiRoutes.profile.uploadAvatar)[0]!.body as FormData;
      expect(sent.get('file')).toBe(photo);

      answer(makeUser({ avatarUrl: PHOTO_URL }));
      expect(await screen.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
        'src',
        PHOTO_URL,
      );
      expect(await screen.findByLabelText('Upload photo')).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
      expect(sidebarPhoto()).toBe(PHOTO_URL);
    },
    SLOW,
  );

  it(
    'refuses a file over 20 MB before sending it, in the server’s words',
    async () => {
      const { user, fake } = await openProfile();
      await user.upload(screen.getByLabelText('Upload photo'), png(AVATAR_MAX_BYTES + 1));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The photo is too large: choose an image of at most 20 MB and 100 megapixels.',
      );
      expect(fake.callsTo(apiRoutes.profile.uploadAvatar)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'shows the server’s refusal of a file that is not an image, and keeps the initials',
    async () => {
      const { user, sidebarPhoto } = await openProfile(
        {},
        fakeRoute(
          apiRoutes.profile.uploadAvatar,
          errorReply(415, 'avatar_not_image', errorMessages.avatar_not_image),
        ),
      );
      await user.upload(
        screen.getByLabelText('Upload photo'),
        new File(['just text'], 'photo.png', { type: 'image/png' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This file is not an image Doppel can use: choose a PNG, JPEG, WebP, GIF or AVIF file.',
      );
      expect(screen.queryByRole('img', { name: 'Your profile photo' })).not.toBeInTheDocument();
      expect(sidebarPhoto()).toBeNull();
    },
    SLOW,
  );

  it(
    'removes the photo only after confirming',
    async () => {
      const { user, fake, sidebarPhoto } = await openProfile(
        { avatarUrl: PHOTO_URL },
        fakeRoute(apiRoutes.profile.removeAvatar, { body: makeUser({ avatarUrl: null }) }),
      );
      expect(screen.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', PHOTO_URL);
      expect(sidebarPhoto()).toBe(PHOTO_URL);

      await user.click(screen.getByRole('button', { name: 'Remove' }));
      let dialog = within(await screen.findByRole('alertdialog', { name: 'Remove your photo?' }));
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.profile.removeAvatar)).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Remove' }));
      dialog = within(await screen.findByRole('alertdialog', { name: 'Remove your photo?' }));
      await user.click(dialog.getByRole('button', { name: 'Remove photo' }));
      await waitFor(() =>
        expect(screen.queryByRole('img', { name: 'Your profile photo' })).not.toBeInTheDocument(),
      );
      expect(fake.callsTo(apiRoutes.profile.removeAvatar)).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
      expect(sidebarPhoto()).toBeNull();
    },
    SLOW,
  );

  it(
    'offers no upload in a demo sandbox',
    async () => {
      await openProfile({ isDemo: true });
      expect(
        screen.getByText('A demo account shows initials only. Create an account to add a photo.'),
      ).toBeInTheDocument();
      expect(screen.queryByLabelText('Upload photo')).not.toBeInTheDocument();
    },
    SLOW,
  );
});
