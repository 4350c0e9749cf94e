import useSWR from 'swr';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import type { Region } from '@stormline/domain/region';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

export interface PlaceOption {
  value: string;
  label: string;
}

/**
 * The address form's state (US, GET /api/clients/geoData) or country (UK, GET
 * /api/clients/getCountryList) choices. The lists are the same for every division and never change
 * while the page is open.
 */
export function usePlaceOptions(region: Region) {
  return useSWR(
    cacheKey(null, 'clients/places', region),
    async (): Promise<PlaceOption[]> =>
      region === 'US'
        ? (await callApi(clientsRoutes.listStates)).map((s) => ({
            value: s.id,
            label: `${s.name} (${s.abbreviation})`,
          }))
        : (await callApi(clientsRoutes.listCountries)).map((c) => ({ value: c.id, label: c.name })),
    { revalidateIfStale: false },
  );
}
