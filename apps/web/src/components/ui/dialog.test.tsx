import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../confirm-dialog';
import { Dialog, DialogContent, DialogTitle } from './dialog';

/** A controlled field: every keystroke re-renders the dialog's content. */
function NameField({ autoFocus }: { autoFocus: boolean }) {
  const [name, setName] = useState('');
  return (
    <input
      aria-label="Name"
      autoFocus={autoFocus}
      value={name}
      onChange={(event) => setName(event.target.value)}
    />
  );
}

/** A dialog opened from state, as Settings is: no Radix trigger knows the button. */
function StateOpenedDialog({ autoFocusField = false }: { autoFocusField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel="Close" aria-describedby={undefined}>
          <DialogTitle>Details</DialogTitle>
          <NameField autoFocus={autoFocusField} />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('focus after a dialog closes', () => {
  it.each([
    ['focuses its first control', false],
    ['has a field that takes focus as it mounts', true],
  ])('goes back to the button that opened it, when the dialog %s', async (_case, autoFocusField) => {
    const user = userEvent.setup();
    render(<StateOpenedDialog autoFocusField={autoFocusField} />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    // Moving between the dialog's own controls does not change where focus goes back to.
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('Ada');
    await user.tab();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('goes back to the button that asked for a confirmation', async () => {
    function Confirming() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete
          </button>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="Delete it?"
            description="It cannot be undone."
            cancelLabel="Cancel"
            confirmLabel="Delete for good"
            onConfirm={() => setOpen(false)}
          />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Confirming />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    await screen.findByRole('alertdialog', { name: 'Delete it?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
