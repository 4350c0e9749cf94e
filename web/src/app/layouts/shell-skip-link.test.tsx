import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { ShellSkipLink } from './shell-skip-link';

function Page() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ShellSkipLink targetId="main" />
      <main id="main" tabIndex={-1}>
        <Button onClick={() => setOpened(true)}>Open the detail</Button>
      </main>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Detail">
        <Button>Move/Edit</Button>
      </Modal>
    </>
  );
}

describe('the skip link behind a dialog (the map editor detail at 375 px showed it over the dialog)', () => {
  it('is the first Tab stop of the page, and out of the Tab order while a dialog is open', async () => {
    renderWithApp(<Page />);
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('tabindex')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open the detail' }));
    await screen.findByRole('dialog', { name: 'Detail' });
    await waitFor(() => expect(skip.getAttribute('tabindex')).toBe('-1'));
    expect(skip.hasAttribute('data-behind-dialog')).toBe(true);
  });

  it('hands focus that reaches it behind an open dialog to the dialog', async () => {
    renderWithApp(<Page />);
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    await userEvent.click(screen.getByRole('button', { name: 'Open the detail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detail' });
    await waitFor(() => expect(skip.getAttribute('tabindex')).toBe('-1'));
    act(() => skip.focus());
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(skip);
  });
});
