import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, signedInRoutes } from '@/test-support/render-with-providers';
import { ActionsPage } from './actions-page';

// The layouts are lazy chunks; transform them once up front so no test's waits pay for it.
beforeAll(async () => {
  await Promise.all([import('./desktop-actions'), import('./mobile-actions')]);
}, 60_000);

function renderActions(width: number) {
  return renderWithProviders(
    <>
      <Route path="/actions" element={<ActionsPage />} />
      <Route path="/signals" element={<h1>Signals page</h1>} />
    </>,
    { path: '/actions', width, server: signedInRoutes() },
  );
}

describe('The Assistant’s header', () => {
  it('links to Signals on a desktop', async () => {
    const { user, location } = renderActions(1280);
    const link = await screen.findByRole('link', { name: 'Signals' });
    expect(link).toHaveAttribute('href', '/signals');
    expect(link).toHaveTextContent('Signals');
    await user.click(link);
    expect(location().pathname).toBe('/signals');
  });

  it('links to Signals on a phone, as a 44 px icon button with the same name', async () => {
    const { user, location } = renderActions(390);
    const link = await screen.findByRole('link', { name: 'Signals' });
    expect(link).toHaveAttribute('href', '/signals');
    // An icon button, 44 × 44 px (the shared button's icon size on touch screens).
    expect(link).toHaveClass('size-11');
    expect(link).toHaveTextContent('');
    await user.click(link);
    expect(location().pathname).toBe('/signals');
  });
});
