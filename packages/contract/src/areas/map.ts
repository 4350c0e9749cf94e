import { defineArea, permission } from '../route';

/**
 * Spec 002 §7 "Map features": the positioned features (positionables) of a site map and the map
 * notes source model. Control measures and pollutants are project legend items (legend-items area).
 */
export const mapRoutes = defineArea('map', {
  listPositionables: {
    method: 'GET',
    path: '/api/positionables/{targetType}/{targetId}/{inspectionId}/{context}',
    summary: 'Features placed on a site map for an inspection (query type)',
    access: permission('read', 'Project'),
    division: 'required',
    publicRead: true,
    implemented: false,
  },
  updatePositionables: {
    method: 'PUT',
    path: '/api/positionables/{targetType}/{targetId}/{inspectionId}/{context}/update',
    summary: 'Save map edits in bulk (items with position_x, position_y and related fields)',
    access: permission('all', 'Map Drawing'),
    division: 'required',
    implemented: false,
  },
  deletePositionable: {
    method: 'DELETE',
    path: '/api/positionables/{id}',
    summary: 'Remove a feature from the map',
    access: permission('all', 'Map Drawing'),
    division: 'required',
    implemented: false,
  },
  createMapNote: {
    method: 'POST',
    path: '/api/projects/{id}/map-notes',
    summary: 'Create a map note source model (title, content)',
    access: permission('all', 'Annotations'),
    division: 'required',
    implemented: false,
  },
  updateMapNote: {
    method: 'PUT',
    path: '/api/projects/{id}/map-notes/{noteId}',
    summary: 'Update a map note source model (title, content)',
    access: permission('all', 'Annotations'),
    division: 'required',
    implemented: false,
  },
  deleteMapNote: {
    method: 'DELETE',
    path: '/api/projects/{id}/map-notes/{noteId}',
    summary: 'Destroy a map note source model',
    access: permission('all', 'Annotations'),
    division: 'required',
    implemented: false,
  },
});
