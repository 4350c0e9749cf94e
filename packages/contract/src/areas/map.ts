import * as z from 'zod/mini';
import { MAP_CONTEXTS } from '@stormline/domain/map-features';
import {
  MapInspection,
  MapNote,
  MapNoteCreate,
  MapNoteUpdate,
  Positionable,
  PositionablesSaved,
  PositionablesUpdate,
  PositionableType,
  SiteMapView,
  TargetType,
} from '../map-features';
import { defineArea, permission } from '../route';
import { Cursor, Id, Page } from '../schemas';

/**
 * The inspection a map is read or edited for: an inspection's id, or 'baseline' (what is drawn
 * before the project's first inspection; docs/decisions/0041).
 */
const InspectionRef = Id;

/** The version a removal was read at, as a query string. */
const VersionQuery = z
  .string({ error: 'The version is required' })
  .check(z.regex(/^\d{1,9}$/, 'The version is not valid'));

const positionablesParams = z.strictObject({
  targetType: TargetType,
  /** A site-map id: the document's upload id and the page (siteMapId in the domain). */
  targetId: Id,
  inspectionId: InspectionRef,
  context: z.enum(MAP_CONTEXTS, { error: 'The context must be all, legend_items, findings or notes' }),
});

const projectParams = z.strictObject({ id: Id });
const noteParams = z.strictObject({ id: Id, noteId: Id });
const siteMapParams = z.strictObject({ id: Id, sitemapId: Id });

/**
 * Spec 002 §7 "Map features": the positioned features (positionables) of a site map, the map
 * notes source model, and the site map itself as the editor opens it. Control measures and
 * pollutants are project legend items (legend-items area). docs/decisions/0041.
 */
export const mapRoutes = defineArea('map', {
  getSiteMap: {
    method: 'GET',
    path: '/api/projects/{id}/sitemaps/{sitemapId}',
    summary:
      'One site map (a page of an Active Site Map document; sitemapId is its id or its page GUID) as it stood for an inspection (query inspectionId, else now): image and preview URLs, the maps before and after it, the last save; path not in the spec (docs/decisions/0002)',
    access: permission('read', 'Project'),
    division: 'required',
    files: 'read',
    publicRead: true,
    params: siteMapParams,
    query: z.strictObject({ inspectionId: z.optional(InspectionRef) }),
    response: SiteMapView,
    implemented: true,
  },
  listPositionables: {
    method: 'GET',
    path: '/api/positionables/{targetType}/{targetId}/{inspectionId}/{context}',
    summary:
      'Features placed on a site map as it stood for an inspection (or the baseline), with what each shows; query type narrows to one positionable type. A page at a time, by id',
    access: permission('read', 'Project'),
    division: 'required',
    publicRead: true,
    pageSize: 500,
    params: positionablesParams,
    query: z.strictObject({ type: z.optional(PositionableType), cursor: z.optional(Cursor) }),
    response: Page(Positionable),
    implemented: true,
  },
  updatePositionables: {
    method: 'PUT',
    path: '/api/positionables/{targetType}/{targetId}/{inspectionId}/{context}/update',
    summary:
      'Save map edits in bulk for an inspection: new features, changed ones (with the version read; 409 naming the stale ones) and removed ones; a change in a later inspection leaves the earlier maps as they were',
    access: permission('all', 'Map Drawing'),
    division: 'required',
    params: positionablesParams,
    query: z.strictObject({}),
    body: PositionablesUpdate,
    response: PositionablesSaved,
    implemented: true,
  },
  deletePositionable: {
    method: 'DELETE',
    path: '/api/positionables/{id}',
    summary:
      'Remove a feature from the map from an inspection on (query inspectionId, version); the maps of earlier inspections keep it',
    access: permission('all', 'Map Drawing'),
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({ inspectionId: InspectionRef, version: VersionQuery }),
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  listMapNotes: {
    method: 'GET',
    path: '/api/projects/{id}/map-notes',
    summary:
      "The project's map notes (the map sidebar's Notes), newest first; path not in the spec (docs/decisions/0002)",
    access: permission('read', 'Project'),
    division: 'required',
    publicRead: true,
    pageSize: 50,
    params: projectParams,
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(MapNote),
    implemented: true,
  },
  createMapNote: {
    method: 'POST',
    path: '/api/projects/{id}/map-notes',
    summary: 'Create a map note source model (title at most 100, content at most 500, both required)',
    access: permission('all', 'Annotations'),
    division: 'required',
    params: projectParams,
    query: z.strictObject({}),
    body: MapNoteCreate,
    response: MapNote,
    implemented: true,
  },
  updateMapNote: {
    method: 'PUT',
    path: '/api/projects/{id}/map-notes/{noteId}',
    summary: 'Update a map note source model (title, content, version; 409 when stale)',
    access: permission('all', 'Annotations'),
    division: 'required',
    params: noteParams,
    query: z.strictObject({}),
    body: MapNoteUpdate,
    response: MapNote,
    implemented: true,
  },
  deleteMapNote: {
    method: 'DELETE',
    path: '/api/projects/{id}/map-notes/{noteId}',
    summary:
      'Destroy a map note source model; refused while it stands on a map (remove it from the map first); the maps it stood on keep showing it',
    access: permission('all', 'Annotations'),
    division: 'required',
    params: noteParams,
    query: z.strictObject({ version: z.optional(VersionQuery) }),
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  listSiteMapInspections: {
    method: 'GET',
    path: '/api/projects/{id}/sitemaps/{sitemapId}/inspections',
    summary:
      "Inspections of a project that use a site map, newest first (the map editor's inspection selector), each with whether its map may still change",
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    pageSize: 50,
    params: siteMapParams,
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(MapInspection),
    implemented: true,
  },
});
