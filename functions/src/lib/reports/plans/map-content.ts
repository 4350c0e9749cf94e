import { findDocumentById } from '@stormline/data/documents';
import { featuresShownIn, standingFeaturesOfMap } from '@stormline/data/map-features';
import type { InspectionRecord } from '@stormline/data/inspections';
import type { ProjectRecord } from '@stormline/data/projects';
import { getConversion } from '@stormline/data/site-maps';
import type { SiteMapPageRecord } from '@stormline/data/site-maps';
import { NotFoundError } from '@stormline/domain/errors';
import { BASELINE_NUMBER, MAP_MESSAGES, siteMapId } from '@stormline/domain/map-features';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import type { Deps } from '../../deps';
import { mapFeatureSources, mapPage, mapSequence, type MapContext } from '../../site-map-editor';
import type { HtmlPart } from '../report-plan';
import { reportDocument } from '../html';
import { printDateTime } from '../sections/format';
import {
  mapOrientation,
  siteMapSection,
  SITE_MAP_CSS,
  type PrintFeature,
  type PrintMapPage,
} from '../sections/site-map';

/**
 * The site maps a report prints, read as the map editor reads them (functions/src/lib/site-map-editor.ts):
 * with an inspection, the pages that stood for it and the features it shows (sources frozen at its
 * certification); without, the project's current pages and their standing features. Every read is
 * within the project's division and keyed by the map: the cost grows with the features printed.
 */

export interface PrintedMap {
  page: PrintMapPage;
  features: PrintFeature[];
}

function contextOf(
  project: ProjectRecord,
  inspection: InspectionRecord | null,
  page: SiteMapPageRecord | { uploadId: string; page: number },
): MapContext {
  return {
    project,
    siteMapId: siteMapId(page.uploadId, page.page),
    uploadId: page.uploadId,
    page: page.page,
    inspection,
    n: inspection?.number ?? BASELINE_NUMBER,
  };
}

async function withFeatures(
  deps: Deps,
  ctx: MapContext,
  page: SiteMapPageRecord,
  name: string,
): Promise<PrintedMap> {
  const d = ctx.project.divisionId;
  const features = ctx.inspection
    ? await featuresShownIn(deps.db, d, ctx.siteMapId, ctx.inspection.number)
    : await standingFeaturesOfMap(deps.db, d, ctx.siteMapId);
  const sourceOf = await mapFeatureSources(deps, ctx, features);
  return {
    page: { name, page: page.page, imageKey: page.imageKey, width: page.width, height: page.height },
    features: features.map((f) => ({
      type: f.type,
      position_x: f.position_x,
      position_y: f.position_y,
      geometry: f.geometry,
      source: sourceOf(f),
    })),
  };
}

/** Every active site map page of the project (as they stood for `inspection` when given). */
export async function readProjectMaps(
  deps: Deps,
  project: ProjectRecord,
  inspection: InspectionRecord | null,
): Promise<PrintedMap[]> {
  const sequence = await mapSequence(deps, contextOf(project, inspection, { uploadId: '', page: 1 }));
  return Promise.all(
    sequence.map(({ page, name }) => withFeatures(deps, contextOf(project, inspection, page), page, name)),
  );
}

/**
 * One page of an Active Site Map document of the project (as it stood for `inspection` when given).
 * Another project's or division's document, a page it never had: 404, as the map editor answers.
 */
export async function readOneMap(
  deps: Deps,
  project: ProjectRecord,
  inspection: InspectionRecord | null,
  uploadId: string,
  pageNumber: number,
): Promise<PrintedMap> {
  const conversion = await getConversion(deps.db, project.divisionId, uploadId);
  if (!conversion || conversion.docTypeId !== SITE_MAP_DOC_TYPE_ID || conversion.projectId !== project.id)
    throw new NotFoundError(MAP_MESSAGES.notSiteMap);
  const ctx = contextOf(project, inspection, { uploadId, page: pageNumber });
  const page = await mapPage(deps, ctx);
  // Now: the document's name now (as the Active Site Map tab shows it); for an inspection, its name then.
  const name = inspection
    ? page.documentName
    : ((await findDocumentById(deps.db, project.divisionId, uploadId))?.name ?? page.documentName);
  return withFeatures(deps, ctx, page, name ?? 'Site map');
}

/** A map as its own part: landscape when the page is wide. */
export function mapPart(
  map: PrintedMap,
  project: ProjectRecord,
  inspection: InspectionRecord | null,
  labelPrefix = '',
): HtmlPart {
  const caption = inspection
    ? `As it stood for inspection #${inspection.number} (${printDateTime(inspection.created_date)}).`
    : 'The project’s current features.';
  const orientation = mapOrientation(map.page);
  return {
    kind: 'html',
    label: `${labelPrefix}Site map: ${map.page.name} page ${map.page.page}`,
    html: reportDocument({
      title: `${project.name}: ${map.page.name}`,
      body: siteMapSection(map.page, map.features, caption),
      css: SITE_MAP_CSS,
    }),
    assets: [map.page.imageKey],
    orientation,
  };
}
