import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { callApi } from '../../lib/api-client';
import { SessionProvider } from '../../lib/auth';
import { cacheKey } from '../../lib/cache-keys';
import { useDivisionId } from '../../lib/division-context';
import { storage } from '../../lib/storage';
import { emptyPage, serveApi } from '../../testing/api';
import { profileOf } from '../../testing/profiles';
import { DivisionScope } from './division-scope';

const profile = profileOf('Admin', [
  { id: 'north-region', name: 'North Region' },
  { id: 'south-region', name: 'South Region' },
]);

/** A division page that lists clients, the way every division-scoped list will. */
function Clients() {
  const divisionId = useDivisionId();
  const { data } = useSWR(cacheKey(divisionId, 'clients/list'), () =>
    callApi(clientsRoutes.listClients, { divisionId }),
  );
  return <p>{data ? `Clients of ${divisionId}` : 'Loading…'}</p>;
}

/** One browser tab on a division page: its own router, the shared local storage. */
function openTab(url: string) {
  return render(
    <MantineProvider env="test">
      <SWRConfig value={{ provider: () => new Map() }}>
        <SessionProvider profile={profile}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/divisions/:divisionId" element={<DivisionScope />}>
                <Route path="clients" element={<Clients />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </SWRConfig>
    </MantineProvider>,
  );
}

describe('the division of a page comes from its URL', () => {
  it('two tabs on two divisions each call with their own, whatever storage holds', async () => {
    const { requests } = await serveApi([
      [clientsRoutes.listClients, () => emptyPage(clientsRoutes.listClients)],
    ]);
    const north = openTab('/divisions/north-region/clients');
    await screen.findByText('Clients of north-region');
    // The other tab opens last, so storage now names south-region.
    openTab('/divisions/south-region/clients');
    await screen.findByText('Clients of south-region');
    expect(storage.getDivisionId()).toBe('south-region');

    north.unmount();
    openTab('/divisions/north-region/clients');
    await screen.findByText('Clients of north-region');
    expect(requests.map((request) => request.headers.get('divisionId'))).toEqual([
      'north-region',
      'south-region',
      'north-region',
    ]);
  });
});
