import { defineArea, permission } from '../route';

/**
 * Spec 001 §7 and spec 002 §7: global map legend items (Legend Item) and the legend items of a
 * project, the map editor's control measure and pollutant source models (Project Legend Item).
 */
export const legendItemsRoutes = defineArea('legend-items', {
  listLegendItems: {
    method: 'GET',
    path: '/api/legend-items',
    summary: 'Legend items (query type, projectId, documentGroupId, s)',
    access: permission('read', 'Legend Item'),
    division: 'required',
    implemented: false,
  },
  createLegendItem: {
    method: 'POST',
    path: '/api/legend-items',
    summary: 'Create a global legend item (groups sent as an id list)',
    access: permission('create', 'Legend Item'),
    division: 'required',
    implemented: false,
  },
  getLegendItem: {
    method: 'GET',
    path: '/api/legend-items/{id}',
    summary: 'One legend item with its map symbol, groups and uploads',
    access: permission('read', 'Legend Item'),
    division: 'required',
    implemented: false,
  },
  updateLegendItem: {
    method: 'PUT',
    path: '/api/legend-items/{id}',
    summary: 'Update a global legend item (groups sent as an id list)',
    access: permission('update', 'Legend Item'),
    division: 'required',
    implemented: false,
  },
  deleteLegendItem: {
    method: 'DELETE',
    path: '/api/legend-items/{id}',
    summary: 'Destroy a legend item by id (takes projectId)',
    access: permission('delete', 'Legend Item'),
    division: 'required',
    implemented: false,
  },
  listGroupLegendItemUploads: {
    method: 'GET',
    path: '/api/legend-items/group/{id}/uploads',
    summary: 'Documents of the BMP legend items of a regulation group (LegendItemIds)',
    access: permission('read', 'Regulations'),
    division: 'required',
    files: 'read',
    implemented: false,
  },
  listProjectLegendItems: {
    method: 'GET',
    path: '/api/projects/{id}/legend-items',
    summary: 'Legend items of a project (map editor control measures and pollutants)',
    access: permission('read', 'Project Legend Item'),
    division: 'required',
    implemented: false,
  },
  createProjectLegendItem: {
    method: 'POST',
    path: '/api/projects/{id}/legend-items',
    summary: 'Create a control measure or pollutant source model on a project (map editor)',
    access: permission('create', 'Project Legend Item'),
    division: 'required',
    implemented: false,
  },
  updateProjectLegendItem: {
    method: 'PUT',
    path: '/api/projects/{id}/legend-items/{legendItemId}',
    summary: 'Update a control measure or pollutant source model of a project (map editor)',
    access: permission('update', 'Project Legend Item'),
    division: 'required',
    implemented: false,
  },
  deleteProjectLegendItem: {
    method: 'DELETE',
    path: '/api/projects/{id}/legend-items/{legendItemId}',
    summary: 'Destroy a control measure or pollutant source model of a project (map editor)',
    access: permission('delete', 'Project Legend Item'),
    division: 'required',
    implemented: false,
  },
});
