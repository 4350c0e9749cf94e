import type { Db } from '@stormline/data/dynamo';
import { documentKeys } from '@stormline/data/documents';
import { siteMapKeys } from '@stormline/data/site-maps';
import { SOUTH } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { makeSiteMapPdf, storeSiteMap, testFileStore } from '../support/site-maps';
import { storedItem } from '../support/table';

interface ForeignCase {
  path: string;
  body?: unknown;
  snapshot: () => Promise<unknown>;
}

/**
 * A South project with an inspection and an Active Site Map document (issue 20): its site maps,
 * its inspection's site maps and converting it, pointed at from North, are refused, and neither
 * the document nor its conversion changes.
 */
async function southSiteMap(db: Db) {
  const site = await inspectedSite(db, SOUTH, {
    clientName: 'South site-map client',
    projectName: 'South mapped site',
    location: 'South gate',
    createdBy: 'tenancy',
  });
  const doc = await storeSiteMap(
    db,
    testFileStore(),
    { divisionId: SOUTH, projectId: site.project.id, createdBy: 'tenancy' },
    { name: 'South plan.pdf', bytes: await makeSiteMapPdf('South plan', 1), mimeType: 'application/pdf' },
  );
  const snapshot = async () => ({
    project: await site.snapshot(),
    document: await storedItem(db, documentKeys.upload(doc.owner, doc.id)),
    conversion: (await storedItem(db, siteMapKeys.conversion(SOUTH, doc.id))) ?? null,
  });
  return { ...site, doc, snapshot };
}

export function siteMapCases(db: Db): Record<string, () => Promise<ForeignCase>> {
  type South = Awaited<ReturnType<typeof southSiteMap>>;
  const on = (path: (s: South) => string, body?: unknown) => async () => {
    const south = await southSiteMap(db);
    return { path: path(south), body, snapshot: south.snapshot };
  };
  return {
    'GET /api/projects/{id}/site-maps': on((s) => `/api/projects/${s.project.id}/site-maps`),
    'GET /api/projects/{id}/inspections/{inspectionId}/uploads': on(
      (s) => `/api/projects/${s.project.id}/inspections/${s.inspection.id}/uploads`,
    ),
    'POST /api/uploads/{id}/convert': on((s) => `/api/uploads/${s.doc.id}/convert`, {
      model: 'project_uploads',
    }),
  };
}
