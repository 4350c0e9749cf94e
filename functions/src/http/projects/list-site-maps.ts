import { projectsRoutes } from '@stormline/contract/areas/projects';
import { listDocuments } from '@stormline/data/documents';
import { standingOfProjectMaps } from '@stormline/data/map-features';
import { currentPages, getConversions } from '@stormline/data/site-maps';
import { pagesNotInFile } from '@stormline/domain/map-features';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';
import { readVisibleProject } from '../../lib/project-access';
import { conversionView, pageView } from '../../lib/site-map-conversion';

const route = projectsRoutes.listSiteMaps;

/**
 * The Active Site Map tab and the map editor's maps (spec 002 §2, §3): the project's site-map
 * documents in their order, a page at a time, each with its conversion (stored, so a reload shows
 * it as the channel last said) and the pages of its last finished conversion only, never a
 * half-made one, and the pages of an earlier file whose features the current one cannot show. For
 * whoever may see the project (published ones for the public account).
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const page = await listDocuments(
    deps.db,
    { kind: 'project', divisionId: divisionId!, projectId: project.id, docTypeId: SITE_MAP_DOC_TYPE_ID },
    { pageSize: route.pageSize, ...(query.cursor ? { cursor: query.cursor } : {}) },
  );
  const conversions = await getConversions(
    deps.db,
    divisionId!,
    page.items.map((doc) => doc.id),
  );
  const store = fileStoreOf(deps);
  const converted = [...conversions.values()].some((c) => c.status === 'done');
  const standing = converted ? await standingOfProjectMaps(deps.db, divisionId!, project.id) : new Map();
  const items = await Promise.all(
    page.items.map(async (doc) => {
      const conversion = conversions.get(doc.id) ?? null;
      const pages = await currentPages(deps.db, conversion);
      return {
        id: doc.id,
        GUID: doc.guid,
        name: doc.name,
        mime_type: doc.mimeType,
        conversion: conversion && conversionView(conversion),
        pages: await Promise.all(pages.map((p) => pageView(store, p, doc.name))),
        pagesNotInFile: conversion?.status === 'done' ? pagesNotInFile(doc.id, pages.length, standing) : [],
      };
    }),
  );
  return pageOf(route, { items, nextCursor: page.nextCursor }, null);
}

export const handler = httpRoute(route, main);
