import * as z from 'zod/mini';
import { LEGEND_TYPES } from '@stormline/domain/map-symbol';
import { DocumentSummary } from '../documents';
import { MapSymbol, MapSymbolInput } from '../map-symbol';
import { defineArea, permission } from '../route';
import { Cursor, Id, IsoDateTime, Page, SearchText, Version } from '../schemas';

/** Spec 001 §3 (name required) and spec 002 §9 (legend item name max 100). */
const LegendName = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Name is required'),
    z.maxLength(100, 'Name must be at most 100 characters'),
  );

export const LegendType = z.enum(LEGEND_TYPES, { error: 'Type must be control_measure or pollutant' });

// The symbol schemas live beside the areas (the map area's features carry a symbol too).
export { MapSymbol, MapSymbolInput };

/** Regulations of a legend item, as an id list (spec 001 §7); at most 40. */
const GroupIds = z.array(Id).check(z.maxLength(40, 'A legend item lists at most 40 regulations'));

export const LegendItemCreate = z.strictObject({
  name: LegendName,
  type: LegendType,
  groups: z.optional(GroupIds),
  map_symbol: z.optional(z.nullable(MapSymbolInput)),
});

export const LegendItemUpdate = z.strictObject({
  name: LegendName,
  type: LegendType,
  groups: GroupIds,
  map_symbol: z.nullable(MapSymbolInput),
  version: Version,
});

export const LegendItem = z.strictObject({
  id: Id,
  name: z.string(),
  type: LegendType,
  /** The regulation groups it lists that the division holds, as ids... */
  groups: z.array(Id),
  /** ...and with their names. */
  document_groups: z.array(z.strictObject({ id: Id, name: z.string() })),
  map_symbol: MapSymbol,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  version: Version,
});

/** One legend item with its documents (the read-only and edit modals). */
export const LegendItemDetail = z.strictObject({ ...LegendItem.shape, uploads: z.array(DocumentSummary) });

const legendParams = z.strictObject({ id: Id });
const projectLegendParams = z.strictObject({ id: Id });
const projectLegendItemParams = z.strictObject({ id: Id, legendItemId: Id });

/** A project's own legend item (spec 002 §3 legend item as used on maps): no regulations, no documents. */
export const ProjectLegendItemCreate = z.strictObject({
  name: LegendName,
  type: LegendType,
  map_symbol: z.optional(z.nullable(MapSymbolInput)),
});
export const ProjectLegendItemUpdate = z.strictObject({
  name: LegendName,
  type: LegendType,
  map_symbol: z.nullable(MapSymbolInput),
  version: Version,
});
export const ProjectLegendItem = z.strictObject({
  id: Id,
  projectId: Id,
  name: z.string(),
  type: LegendType,
  map_symbol: MapSymbol,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  version: Version,
});

/** Comma-separated legend item ids (LegendItemIds), at most 50. */
const LegendItemIds = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,49}$/, 'LegendItemIds is a list of at most 50 ids'),
  );

/**
 * Spec 001 §7 and spec 002 §7: global map legend items (Legend Item) and the legend items of a
 * project, the map editor's control measure and pollutant source models (Project Legend Item).
 */
export const legendItemsRoutes = defineArea('legend-items', {
  listLegendItems: {
    method: 'GET',
    path: '/api/legend-items',
    summary:
      "The division's legend items by name (query type, documentGroupId: a group's BMP tab, s: the start of the name), a page at a time",
    access: permission('read', 'Legend Item'),
    division: 'required',
    pageSize: 25,
    query: z.strictObject({
      cursor: z.optional(Cursor),
      s: z.optional(SearchText),
      type: z.optional(LegendType),
      documentGroupId: z.optional(Id),
    }),
    response: Page(LegendItem),
    implemented: true,
  },
  createLegendItem: {
    method: 'POST',
    path: '/api/legend-items',
    summary:
      'Create a legend item (name, type, groups as an id list, map_symbol completed from the defaults)',
    access: permission('create', 'Legend Item'),
    division: 'required',
    query: z.strictObject({}),
    body: LegendItemCreate,
    response: LegendItem,
    implemented: true,
  },
  getLegendItem: {
    method: 'GET',
    path: '/api/legend-items/{id}',
    summary: 'One legend item with its map symbol, regulations and documents',
    access: permission('read', 'Legend Item'),
    division: 'required',
    params: legendParams,
    query: z.strictObject({}),
    response: LegendItemDetail,
    implemented: true,
  },
  updateLegendItem: {
    method: 'PUT',
    path: '/api/legend-items/{id}',
    summary: 'Update a legend item (name, type, groups as an id list, map_symbol, version; 409 when stale)',
    access: permission('update', 'Legend Item'),
    division: 'required',
    params: legendParams,
    query: z.strictObject({}),
    body: LegendItemUpdate,
    response: LegendItem,
    implemented: true,
  },
  deleteLegendItem: {
    method: 'DELETE',
    path: '/api/legend-items/{id}',
    summary: 'Destroy a legend item with its documents and their files',
    access: permission('delete', 'Legend Item'),
    division: 'required',
    files: 'write',
    params: legendParams,
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  listGroupLegendItemUploads: {
    method: 'GET',
    path: '/api/legend-items/group/{id}/uploads',
    summary:
      "Documents of the BMP legend items of a regulation group (LegendItemIds, comma-separated): each item's, in their dragged order",
    access: permission('read', 'Regulations'),
    division: 'required',
    params: legendParams,
    query: z.strictObject({ LegendItemIds: LegendItemIds }),
    response: z.strictObject({
      items: z.array(z.strictObject({ legendItemId: Id, uploads: z.array(DocumentSummary) })),
    }),
    implemented: true,
  },
  listProjectLegendItems: {
    method: 'GET',
    path: '/api/projects/{id}/legend-items',
    summary:
      "A project's own legend items (the map editor's control measures and pollutants beside the division's Map Legend) by type and name (query type, s: the start of the name), a page at a time",
    access: permission('read', 'Project Legend Item'),
    division: 'required',
    pageSize: 100,
    params: projectLegendParams,
    query: z.strictObject({
      cursor: z.optional(Cursor),
      s: z.optional(SearchText),
      type: z.optional(LegendType),
    }),
    response: Page(ProjectLegendItem),
    implemented: true,
  },
  createProjectLegendItem: {
    method: 'POST',
    path: '/api/projects/{id}/legend-items',
    summary:
      'Create a control measure or pollutant source model on a project (name, type, map_symbol completed from the defaults)',
    access: permission('create', 'Project Legend Item'),
    division: 'required',
    params: projectLegendParams,
    query: z.strictObject({}),
    body: ProjectLegendItemCreate,
    response: ProjectLegendItem,
    implemented: true,
  },
  updateProjectLegendItem: {
    method: 'PUT',
    path: '/api/projects/{id}/legend-items/{legendItemId}',
    summary:
      'Update a control measure or pollutant source model of a project (name, type, map_symbol, version; 409 when stale)',
    access: permission('update', 'Project Legend Item'),
    division: 'required',
    params: projectLegendItemParams,
    query: z.strictObject({}),
    body: ProjectLegendItemUpdate,
    response: ProjectLegendItem,
    implemented: true,
  },
  deleteProjectLegendItem: {
    method: 'DELETE',
    path: '/api/projects/{id}/legend-items/{legendItemId}',
    summary:
      'Destroy a control measure or pollutant source model of a project; refused while it stands on a map (remove it from the map first); the maps it stood on keep showing it',
    access: permission('delete', 'Project Legend Item'),
    division: 'required',
    params: projectLegendItemParams,
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
});
