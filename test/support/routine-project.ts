import { expect } from 'vitest';
import type { Db } from '@stormline/data/dynamo';
import { createGroup } from '@stormline/data/regulations';
import { localDate } from '@stormline/domain/local-date';
import { call, NORTH } from './api';

/**
 * A Leeds project in the North division on the Routine Stormwater template (or `templateId`, with
 * its compliance option when it has one), with a client and a regulation group of its own, started
 * 30 days ago with a routine inspection due today (Europe/London), made through the API by an admin
 * for a browser test's inspector. Returns the project's id.
 */
export async function createRoutineProject(
  db: Db,
  {
    name,
    clientName,
    groupName,
    inspectorId,
    adminToken,
    templateId = 'routine-stormwater',
    complianceRequired,
  }: {
    name: string;
    clientName: string;
    groupName: string;
    inspectorId: string;
    adminToken: string;
    templateId?: string;
    complianceRequired?: boolean;
  },
): Promise<string> {
  const zone = 'Europe/London';
  const post = <T>(path: string, body: unknown) =>
    call<T>(path, { method: 'POST', token: adminToken, divisionId: NORTH, body });
  const client = await post<{ id: string }>('/api/clients', {
    name: clientName,
    address: { street_1: '2 Wharf St', city: 'Leeds', country_id: 'england', zip: 'LS2 7EQ' },
  });
  const group = await createGroup(db, NORTH, { name: groupName });
  const project = await post<{ id: string }>('/api/projects', {
    client_id: client.body.id,
    inspection_template_id: templateId,
    name,
    inspector_user_id: inspectorId,
    latitude: 53.79,
    longitude: -1.54,
    document_group_id: group.id,
    routine_interval: 7,
    timezone: zone,
    start_date: localDate(zone, new Date(Date.now() - 30 * 86_400_000)),
    next_inspection_date: localDate(zone, new Date()),
    ...(complianceRequired === undefined ? {} : { inspection_compliance_required: complianceRequired }),
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  return project.body.id;
}
