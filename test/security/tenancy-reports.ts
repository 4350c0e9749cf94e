import type { Db } from '@stormline/data/dynamo';
import { createReport, finishReport, reportFileKeys, reportKeys } from '@stormline/data/reports';
import { SOUTH } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { testFileStore } from '../support/site-maps';
import { storedItem } from '../support/table';
import { createTestUser } from '../support/users';

interface ForeignCase {
  path: string;
  body?: unknown;
  snapshot: () => Promise<unknown>;
}

/**
 * A finished print job of a South user (issue 22, docs/decisions/0042), its file in storage:
 * reading it or downloading it by its id from North is 404, and the job is unchanged.
 */
async function southReport(db: Db) {
  const owner = await createTestUser('Admin', [SOUTH]);
  const site = await inspectedSite(db, SOUTH, {
    clientName: 'South print client',
    projectName: 'South printed site',
    location: 'South gate',
    createdBy: owner.id,
  });
  const id = crypto.randomUUID();
  const report = await createReport(
    db,
    {
      id,
      job: 'findings',
      key: `k${id.replace(/-/g, '')}`,
      userId: owner.id,
      divisionId: SOUTH,
      projectId: site.project.id,
      title: 'Findings - South printed site',
      body: {},
    },
    new Date(),
  );
  const fileKey = reportFileKeys.file(SOUTH, id);
  await testFileStore().put(fileKey, new TextEncoder().encode('%PDF-1.7 south'), 'application/pdf');
  await finishReport(db, report, fileKey, new Date());
  return { id, snapshot: () => storedItem(db, reportKeys.report(SOUTH, id)) };
}

export function reportCases(db: Db): Record<string, () => Promise<ForeignCase>> {
  const on = (path: (id: string) => string) => async () => {
    const south = await southReport(db);
    return { path: path(south.id), snapshot: south.snapshot };
  };
  return {
    'GET /api/reports/{reportId}': on((id) => `/api/reports/${id}`),
    'GET /api/download/{reportId}.pdf': on((id) => `/api/download/${id}.pdf`),
  };
}
