import { clientsRoutes } from '@stormline/contract/areas/clients';
import { US_STATES } from '@stormline/domain/region';
import { httpRoute } from '../../lib/http-route';

const route = clientsRoutes.listStates;

/** The US states of address forms (spec 001 §7 geoData), by name. */
export async function main() {
  return US_STATES.map((s) => ({ ...s }));
}

export const handler = httpRoute(route, main);
