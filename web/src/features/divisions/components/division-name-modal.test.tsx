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
});
