import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogShell, type DialogShellProps } from '../dialog';

type Options = Partial<Omit<DialogShellProps, 'open' | 'onOpenChange' | 'children'>> & {
  focusSecond?: boolean;
};

function Harness({ focusSecond = false, ...props }: Options) {
  const [open, setOpen] = useState(false);
  const secondRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={openerRef} type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DialogShell
        open={open}
        onOpenChange={setOpen}
        title="A title"
        closeLabel="Close"
        {...(focusSecond ? { initialFocus: secondRef } : {})}
        {...props}
      >
        <button type="button">First</button>
        <button ref={secondRef} type="button">
          Second
        </button>
      </DialogShell>
    </>
  );
}

async function openIt(options: Options = {}) {
  const user = userEvent.setup();
  render(<Harness {...options} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'A title' });
  return { user, opener, dialog };
}

describe('DialogShell', () => {
  it('names the dialog by its title and describes it only when given a description', async () => {
    const { dialog } = await openIt();
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // Radix's own focus: the first tabbable element.
    expect(within(dialog).getByRole('button', { name: 'First' })).toHaveFocus();
  });

  it('reads the description, focuses the element asked for and closes with Escape', async () => {
    const onClosed = vi.fn();
    const { user, dialog } = await openIt({
      description: 'Some words',
      focusSecond: true,
      onClosed,
    });
    expect(dialog).toHaveAccessibleDescription('Some words');
    expect(within(dialog).getByRole('button', { name: 'Second' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('returns the focus to the opener when no onClosed takes over', async () => {
    const { user, opener, dialog } = await openIt();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('cannot be closed while not closable: no close button, Escape ignored', async () => {
    const { user, dialog } = await openIt({ closable: false });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
  });

  it('cannot be closed while busy: the close button is disabled, Escape ignored', async () => {
    const { user, dialog } = await openIt({ busy: true });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
  });
});
