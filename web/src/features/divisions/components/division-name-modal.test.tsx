import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { DivisionNameModal } from './division-name-modal';

function openModal(onSubmit: (name: string) => Promise<void>) {
  const onClose = vi.fn();
  renderWithApp(
    <DivisionNameModal
      opened
      title="Add Division"
      submitLabel="Add Division"
      onClose={onClose}
      onSubmit={onSubmit}
    />,
  );
  return { onClose, name: screen.getByLabelText(/Division name/) };
}

describe('the division name form', () => {
  it("checks the name before asking the server: 'Division name is required'", async () => {
    const onSubmit = vi.fn(async () => {});
    openModal(onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Add Division' }));
    expect(await screen.findByText('Division name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's message for the name under the name field, not at the top", async () => {
    const refused = new ApiError(400, 'Division name must be at most 100 characters', 'POST /api/divisions', [
      { path: 'name', message: 'Division name must be at most 100 characters' },
    ]);
    const { name, onClose } = openModal(async () => {
      throw refused;
    });
    await userEvent.type(name, 'Lakes');
    await userEvent.click(screen.getByRole('button', { name: 'Add Division' }));
    const message = await screen.findByText('Division name must be at most 100 characters');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a failure that names no field of the form at the top, as an alert', async () => {
    const { name } = openModal(async () => {
      throw new ApiError(403, 'Your role does not allow create on Divisions', 'POST /api/divisions');
    });
    await userEvent.type(name, 'Lakes');
    await userEvent.click(screen.getByRole('button', { name: 'Add Division' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your role does not allow create on Divisions',
    );
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('closes when the save succeeds', async () => {
    const onSubmit = vi.fn(async () => {});
    const { name, onClose } = openModal(onSubmit);
    await userEvent.type(name, 'Lakes');
    await userEvent.click(screen.getByRole('button', { name: 'Add Division' }));
    expect(onSubmit).toHaveBeenCalledWith('Lakes');
    expect(onClose).toHaveBeenCalled();
  });

  it('after a conflict says the latest version was read and can load it into the form', async () => {
    const onClose = vi.fn();
    const conflict = new ApiError(
      409,
      'This record was changed by someone else. Reload it and try again.',
      'PUT /api/divisions/{id}',
    );
    const modal = (initialName: string) => (
      <DivisionNameModal
        opened
        title="Edit division"
        submitLabel="Save"
        initialName={initialName}
        onClose={onClose}
        onSubmit={async () => {
          throw conflict;
        }}
      />
    );
    const { rerender } = renderWithApp(modal('North Region'));
    const name = screen.getByLabelText(/Division name/) as HTMLInputElement;
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The latest version has been read');

    // The page read the division again: someone renamed it.
    rerender(modal('Theirs'));
    expect(name.value).toBe('Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
    expect(name.value).toBe('Theirs');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
