import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError } from '../../lib/api-client';
import { renderWithApp } from '../../testing/render';
import { ServerError } from '../server-error';
import { CheckboxField, NumberField, SelectField, TextField } from './fields';
import { useServerSubmit } from './use-server-submit';

const Visit = z.object({
  site: z.string().check(z.minLength(1, 'Site is required')),
  kind: z.enum(['routine', 'post-storm'], 'Choose a kind'),
  rainfall: z.nullable(z.number()),
  signed: z.boolean(),
});
type VisitValues = z.input<typeof Visit>;

function VisitForm({ save }: { save: (values: z.output<typeof Visit>) => Promise<void> }) {
  const form = useForm<VisitValues, unknown, z.output<typeof Visit>>({
    resolver: zodResolver(Visit),
    defaultValues: { site: '', kind: undefined as never, rainfall: null, signed: false },
  });
  const { submit, serverError } = useServerSubmit(form, ['site', 'rainfall'], save);
  return (
    <form onSubmit={submit} noValidate>
      <TextField control={form.control} name="site" label="Site" />
      <SelectField
        control={form.control}
        name="kind"
        label="Kind"
        data={[
          { value: 'routine', label: 'Routine' },
          { value: 'post-storm', label: 'Post-storm' },
        ]}
      />
      <NumberField control={form.control} name="rainfall" label="Rainfall (mm)" />
      <CheckboxField control={form.control} name="signed" label="Signed" />
      {serverError && <ServerError>{serverError.message}</ServerError>}
      <button type="submit">Save</button>
    </form>
  );
}

describe('form fields bound to react-hook-form', () => {
  it('shows the schema’s message under each field and saves typed values', async () => {
    const save = vi.fn(async () => {});
    renderWithApp(<VisitForm save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Site is required')).toBeTruthy();
    expect(screen.getByText('Choose a kind')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Site'), 'Harbour Road');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Post-storm' }));
    await userEvent.type(screen.getByLabelText('Rainfall (mm)'), '12.5');
    await userEvent.click(screen.getByLabelText('Signed'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        site: 'Harbour Road',
        kind: 'post-storm',
        rainfall: 12.5,
        signed: true,
      }),
    );
  });

  it('puts the server’s field issue under its field and the rest at the top', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(400, 'Rainfall is out of range; the site is closed', 'POST /api/visits', [
        { path: 'rainfall', message: 'Rainfall must be at most 500 mm' },
        { path: 'closedAt', message: 'The site is closed' },
      ]);
    });
    renderWithApp(<VisitForm save={save} />);
    await userEvent.type(screen.getByLabelText('Site'), 'Harbour Road');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Routine' }));
    await userEvent.type(screen.getByLabelText('Rainfall (mm)'), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const rainfall = screen.getByLabelText('Rainfall (mm)');
    expect(await screen.findByText('Rainfall must be at most 500 mm')).toBeTruthy();
    expect(rainfall.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Rainfall is out of range; the site is closed');
  });
});
