import { clientsRoutes } from '@stormline/contract/areas/clients';
import { createClient } from '@stormline/data/clients';
import { clientFields, clientView } from '../../lib/client-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = clientsRoutes.createClient;

/** A new client of the division, its address checked against the region; no contacts yet. */
export async function main({ body, divisionId, deps }: RouteRequest<typeof route>) {
  const fields = clientFields(deps.region, body);
  const client = await createClient(
    deps.db,
    divisionId!,
    {
      ...fields,
      default_finding_observation: fields.default_finding_observation ?? null,
      disable_images: fields.disable_images ?? false,
    },
    deps.now(),
  );
  return { status: 201, body: { ...clientView(client), users: [] } };
}

export const handler = httpRoute(route, main);
