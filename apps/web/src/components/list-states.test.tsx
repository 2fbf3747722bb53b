import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from './error-state';
import { EmptyState, ListSkeleton } from './list-states';

describe('the list states', () => {
  it('loading: a polite status that names what loads, with the placeholders hidden from readers', () => {
    render(
      <ListSkeleton label="Loading keys…" count={3} itemClassName="h-4" itemTestId="row-skeleton">
        <span>shape</span>
      </ListSkeleton>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(/^Loading keys…/);
    const rows = screen.getAllByTestId('row-skeleton');
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toHaveAttribute('aria-hidden', 'true');
  });

  it('empty: one line, its hint and the primary action', async () => {
    const onCreate = vi.fn();
    const user = userEvent.setup();
    render(
      <EmptyState
        icon={Inbox}
        title="No keys yet"
        hint="Create one to call the API."
        action={{ label: 'Create key', onClick: onCreate }}
      />,
    );
    expect(screen.getByText('No keys yet')).toBeInTheDocument();
    expect(screen.getByText('Create one to call the API.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('empty without an action shows no button', () => {
    render(<EmptyState size="section" icon={Inbox} title="Nothing used yet" />);
    expect(screen.getByText('Nothing used yet')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('failed: the reason as an alert, and a Try again that retries', async () => {
    const onRetry = vi.fn();
    const user = userEvent.setup();
    render(<ErrorState message="Keys could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Keys could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
