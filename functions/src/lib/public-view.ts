import { getClientInDivision } from '@stormline/data/clients';
import type { ProjectRecord } from '@stormline/data/projects';
import { countryById, stateById } from '@stormline/domain/region';
import type { Deps } from './deps';

/** The public view's project header: name, client, place; nothing else of the record leaves. */
export async function publicProjectHeader(deps: Deps, project: ProjectRecord) {
  const client = await getClientInDivision(deps.db, project.divisionId, project.client_id);
  return {
    id: project.id,
    name: project.name,
    clientName: client.name,
    street: project.address.street_1,
    city: project.address.city,
    place:
      stateById(project.address.state_id)?.abbreviation ??
      countryById(project.address.country_id)?.name ??
      null,
    zip: project.address.zip,
    divisionId: project.divisionId,
  };
}
