import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { profileRoutes } from '@stormline/contract/areas/profile';
import { callApi } from './api-client';
import { storage } from './storage';
import { emptyPage, serveApi } from '../testing/api';

afterEach(() => vi.unstubAllGlobals());

describe('the divisionId header', () => {
  it('is the one the page passes, never a division left in storage by another tab', async () => {
    storage.setDivisionId('south-region');
    const { requests } = await serveApi([
      [clientsRoutes.listClients, () => emptyPage(clientsRoutes.listClients)],
      [profileRoutes.getProfile, () => ({ status: 401, body: { message: 'Sign in again.' } })],
    ]);
    await callApi(clientsRoutes.listClients, { divisionId: 'north-region' });
    await callApi(profileRoutes.getProfile).catch(() => {});
    expect(requests.map((request) => request.headers.get('divisionId'))).toEqual(['north-region', null]);
  });

  it('must be given for a route that works inside a division', async () => {
    await serveApi([]);
    await expect(callApi(clientsRoutes.listClients)).rejects.toThrow(/needs the page's division/);
  });
});
