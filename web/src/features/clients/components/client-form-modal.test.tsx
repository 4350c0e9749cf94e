import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { UK_COUNTRIES, US_STATES, type Region } from '@stormline/domain/region';
import { ApiError } from '../../../lib/api-client';
import { ok, serveApi } from '../../../testing/api';
import { renderWithApp } from '../../../testing/render';
import type { ClientInput as ClientBody } from '../api/save-client';
import { ClientFormModal } from './client-form-modal';

async function openForm(region: Region, onSubmit = vi.fn(async (_body: ClientBody) => {})) {
  await serveApi([
    [clientsRoutes.listStates, () => ok(clientsRoutes.listStates, US_STATES)],
    [clientsRoutes.listCountries, () => ok(clientsRoutes.listCountries, UK_COUNTRIES)],
  ]);
  const onClose = vi.fn();
  renderWithApp(
    <ClientFormModal
      opened
      title="Add Client"
      submitLabel="Add Client"
      region={region}
      onClose={onClose}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, onClose };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Add Client' }));

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillCommon() {
  await userEvent.type(screen.getByLabelText(/^Name/), 'Harbour Works');
  await userEvent.type(
    screen.getByLabelText(/^Street/, { selector: 'input[name="address.street_1"]' }),
    '1 Quay',
  );
  await userEvent.type(screen.getByLabelText(/^City/), 'Leeds');
}

describe('the client form in the UK', () => {
  it('asks for a country and a postcode, not a state and a zip, and leaves the phone optional', async () => {
    const { onSubmit } = await openForm('UK');
    expect(screen.queryByRole('combobox', { name: /State/ })).toBeNull();
    await save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Country is required')).toBeTruthy();
    expect(screen.getByText('Postcode is required')).toBeTruthy();
    expect(screen.queryByText('Phone is required')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    await fillCommon();
    await choose('Country', 'England');
    await userEvent.type(screen.getByLabelText(/^Postcode/), 'NOT A CODE');
    await save();
    expect(await screen.findByText('Please enter a valid UK postcode')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText(/^Postcode/));
    await userEvent.type(screen.getByLabelText(/^Postcode/), 'ls1 4dl');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // Only the region's place is sent; blanks are null.
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Harbour Works',
      address: {
        street_1: '1 Quay',
        street_2: null,
        city: 'Leeds',
        country_id: 'england',
        zip: 'ls1 4dl',
        phone: null,
        phone_ext: null,
      },
      default_finding_observation: null,
      disable_images: false,
    });
  });

  it('checks a UK phone when one is given', async () => {
    await openForm('UK');
    await userEvent.type(screen.getByLabelText('Phone'), '12');
    await save();
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
  });
});

describe('the client form in the US', () => {
  it('asks for a state, a five-digit zip and a phone in (xxx) xxx-xxxx', async () => {
    const { onSubmit } = await openForm('US');
    expect(screen.queryByRole('combobox', { name: /Country/ })).toBeNull();
    await save();
    expect(await screen.findByText('State is required')).toBeTruthy();
    expect(screen.getByText('Zip code is required')).toBeTruthy();
    expect(screen.getByText('Phone is required')).toBeTruthy();

    await fillCommon();
    await choose('State', 'Colorado (CO)');
    await userEvent.type(screen.getByLabelText(/^Zip code/), '8020');
    await userEvent.type(screen.getByLabelText(/^Phone/), '555-0100');
    await save();
    expect(await screen.findByText('Zip code must be 5 digits')).toBeTruthy();
    expect(screen.getByText('Phone number must be in (xxx) xxx-xxxx format')).toBeTruthy();

    await userEvent.type(screen.getByLabelText(/^Zip code/), '2');
    // Ten digits typed any way are written in the US format on leaving the box.
    await userEvent.clear(screen.getByLabelText(/^Phone/));
    await userEvent.type(screen.getByLabelText(/^Phone/), '3035550100');
    await userEvent.tab();
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('(303) 555-0100');
    await choose('Default finding observation', 'To be completed (next day)');
    await userEvent.click(screen.getByLabelText(/Disable images/));
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      address: { state_id: 'CO', zip: '80202', phone: '(303) 555-0100' },
      default_finding_observation: 'next-day',
      disable_images: true,
    });
    expect(onSubmit.mock.calls[0]![0].address).not.toHaveProperty('country_id');
  });

  it("puts the server's refusal of a field under that field", async () => {
    await openForm(
      'US',
      vi.fn(async () => {
        throw new ApiError(400, 'Please select a state from the list', 'POST /api/clients', [
          { path: 'address.state_id', message: 'Please select a state from the list' },
        ]);
      }),
    );
    await fillCommon();
    await choose('State', 'Colorado (CO)');
    await userEvent.type(screen.getByLabelText(/^Zip code/), '80202');
    await userEvent.type(screen.getByLabelText(/^Phone/), '(303) 555-0100');
    await save();
    expect(await screen.findByText('Please select a state from the list')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
