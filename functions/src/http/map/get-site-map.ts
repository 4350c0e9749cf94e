import { mapRoutes } from '@stormline/contract/areas/map';
import { getMapState } from '@stormline/data/map-features';
import { siteMapId } from '@stormline/domain/map-features';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { mapPage, mapSequence, readMap, siteMapIdOf } from '../../lib/site-map-editor';

const route = mapRoutes.getSiteMap;

/** How long the editor's image links work: long enough to draw on a map for a while. */
const IMAGE_URL_SECONDS = 60 * 60;

/**
 * The site map editor opens a map (spec 002 §2): a page of an Active Site Map document, by its id
 * or its page image's GUID, as it stood for an inspection (else now), with short-lived links to its
 * thumbnail (drawn first) and full image, the maps before and after it, and the last save.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const id = await siteMapIdOf(deps, divisionId!, params.sitemapId);
  const ctx = await readMap(deps, caller, divisionId!, id, query.inspectionId ?? null, params.id);
  const [page, maps, state] = await Promise.all([
    mapPage(deps, ctx),
    mapSequence(deps, ctx),
    getMapState(deps.db, divisionId!, id),
  ]);
  const at = maps.findIndex((m) => siteMapId(m.page.uploadId, m.page.page) === id);
  const neighbour = (i: number) => {
    const map = at >= 0 ? maps[i] : undefined;
    return map
      ? {
          id: siteMapId(map.page.uploadId, map.page.page),
          GUID: map.page.guid,
          name: map.name,
          page: map.page.page,
        }
      : null;
  };
  const store = fileStoreOf(deps);
  const name = maps[at]?.name ?? page.documentName ?? '';
  return {
    id,
    upload_id: page.uploadId,
    page: page.page,
    GUID: page.guid,
    name,
    width: page.width,
    height: page.height,
    image: {
      url: await store.presignGet(page.imageKey, IMAGE_URL_SECONDS, {
        fileName: `page-${page.page}.png`,
        contentType: 'image/png',
        inline: true,
      }),
    },
    preview: {
      url: await store.presignGet(page.thumbnailKey, IMAGE_URL_SECONDS, {
        fileName: `page-${page.page}-thumbnail.png`,
        contentType: 'image/png',
        inline: true,
      }),
      width: page.thumbnailWidth,
      height: page.thumbnailHeight,
    },
    project: { id: ctx.project.id, name: ctx.project.name, archived: Boolean(ctx.project.archivedAt) },
    previous: neighbour(at - 1),
    next: neighbour(at + 1),
    lastSaved: state?.lastSavedAt ? { at: state.lastSavedAt, by: state.lastSavedBy } : null,
  };
}

export const handler = httpRoute(route, main);
