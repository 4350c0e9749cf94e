import { randomUUID } from 'node:crypto';
import { createClient } from '@stormline/data/clients';
import type { Db } from '@stormline/data/dynamo';
import { createFinding, findingKeys, type NewFinding } from '@stormline/data/findings';
import { createInspection, inspectionKeys } from '@stormline/data/inspections';
import { createProject, projectKeys } from '@stormline/data/projects';
import { ROUTINE_STORMWATER } from '@stormline/domain/system-templates/routine-stormwater';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { storedItem } from './table';

/** An open Corrective Action (required for certification) raised at an inspection, as the writer takes it. */
export function openCorrectiveAction(at: {
  divisionId: string;
  projectId: string;
  initialInspectionId: string;
  date_initiated: string;
  location: string;
  createdBy: string;
}): NewFinding {
  return {
    divisionId: at.divisionId,
    projectId: at.projectId,
    typeId: 'ca',
    typeCode: 'CA',
    typeName: 'Corrective Action',
    color: '#E03131',
    is_required_for_cert: true,
    location: at.location,
    date_initiated: at.date_initiated,
    date_completed: null,
    condition: null,
    control_measure_id: null,
    comments: null,
    initialInspectionId: at.initialInspectionId,
    createdBy: at.createdBy,
  };
}

/**
 * A client's project in a division with one Routine inspection (2 March 2026) and one open CA raised
 * at it, written straight to the table, for the tests that point routes at records they may not
 * touch. `snapshot` reads the project, inspection, answers and finding back as stored, so a test
 * shows a refused call changed nothing. `findingSteps` writes more in the finding's transaction.
 */
export async function inspectedSite(
  db: Db,
  divisionId: string,
  {
    clientName,
    projectName,
    location,
    createdBy,
    findingSteps = () => [],
  }: {
    /** Each name gets a short random suffix. */
    clientName: string;
    projectName: string;
    location: string;
    createdBy: string;
    findingSteps?: Parameters<typeof createFinding>[3];
  },
) {
  const suffix = () => randomUUID().slice(0, 6);
  const client = await createClient(db, divisionId, sampleClient(`${clientName} ${suffix()}`));
  const project = await createProject(
    db,
    sampleProject({ divisionId, client_id: client.id, name: `${projectName} ${suffix()}` }),
  );
  const inspection = await createInspection(
    db,
    {
      divisionId,
      projectId: project.id,
      type: 'Routine',
      created_date: '2026-03-02T09:30',
      inspectorId: null,
      createdBy,
      version: ROUTINE_STORMWATER,
      answers: {},
      carried: [],
    },
    () => [],
    new Date(),
  );
  const finding = await createFinding(
    db,
    openCorrectiveAction({
      divisionId,
      projectId: project.id,
      initialInspectionId: inspection.id,
      date_initiated: '2026-03-02',
      location,
      createdBy,
    }),
    inspection,
    findingSteps,
    new Date(),
  );
  const snapshot = async () => ({
    project: await storedItem(db, projectKeys.project(divisionId, project.id)),
    inspection: await storedItem(db, inspectionKeys.inspection(divisionId, inspection.id)),
    answers: await storedItem(db, inspectionKeys.answers(divisionId, inspection.id)),
    finding: await storedItem(db, findingKeys.finding(divisionId, finding.id)),
  });
  return { client, project, inspection, finding, snapshot };
}
