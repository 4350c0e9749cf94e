import { clientsRoutes } from '@stormline/contract/areas/clients';
import { UK_COUNTRIES } from '@stormline/domain/region';
import { httpRoute } from '../../lib/http-route';

const route = clientsRoutes.listCountries;

/** The UK countries of address forms (spec 001 §7 getCountryList). */
export async function main() {
  return UK_COUNTRIES.map((c) => ({ ...c }));
}

export const handler = httpRoute(route, main);
