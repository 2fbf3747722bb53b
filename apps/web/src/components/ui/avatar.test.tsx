import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('the avatar', () => {
  it('shows the photo when there is one, and the initials otherwise', () => {
    const { rerender, container } = render(
      <Avatar name="Ada Lovelace" src="/api/avatars/abc" label="Your profile photo" />,
    );
    expect(screen.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      '/api/avatars/abc',
    );
    expect(container).not.toHaveTextContent('AL');

    rerender(<Avatar name="Ada Lovelace" src={null} label="Your profile photo" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('AL');
  });

  it('is hidden from screen readers without a label, as beside a written name', () => {
    const { container } = render(<Avatar name="Ada Lovelace" src="/api/avatars/abc" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('aria-hidden', 'true');
  });

  it('falls back to the initials when the photo cannot be loaded, and tries a new one', () => {
    const { rerender, container } = render(
      <Avatar name="Ada Lovelace" src="/api/avatars/gone" label="Your profile photo" />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Your profile photo' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('AL');

    rerender(<Avatar name="Ada Lovelace" src="/api/avatars/new" label="Your profile photo" />);
    expect(screen.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      '/api/avatars/new',
    );
  });
});
