import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '@/components/ui/dialog';

/** A page with a button that opens a dialog, and a second dialog that can open over the first. */
function Page() {
  const [open, setOpen] = useState<'none' | 'one' | 'two'>('none');
  return (
    <>
      <button type="button" onClick={() => setOpen('one')}>
        Open
      </button>
      {open !== 'none' && (
        <Dialog title="First" onClose={() => setOpen('none')}>
          <button type="button" onClick={() => setOpen('two')}>
            Open second
          </button>
        </Dialog>
      )}
      {open === 'two' && <Dialog title="Second" onClose={() => setOpen('one')} />}
    </>
  );
}

/** The browser's Back, as a phone's Back button sends it. */
async function pressBack() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  });
}

const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('the phone’s Back closes what is open instead of leaving the app', () => {
  it('opening a dialog adds one history entry; Back closes the dialog and leaves the page where it was', async () => {
    render(<Page />);
    const before = window.history.length;
    const address = window.location.href;
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'First' });
    await settled();
    expect(window.history.length).toBe(before + 1);
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.href).toBe(address);
  });

  it('closed by its button, the dialog takes its entry away: the history is as before it opened', async () => {
    render(<Page />);
    const state = window.history.state;
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'First' });
    await settled();
    expect(window.history.state).not.toEqual(state);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The app went back over its own entry: the current entry is the page's again.
    await waitFor(() => expect(window.history.state).toEqual(state));
  });

  it('a dialog over another: Back closes the top one only, and the next Back the one under it', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open second' }));
    await screen.findByRole('dialog', { name: 'Second' });
    await settled();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
    await settled();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
