import { defineArea, permission } from '../route';

/** Spec 001 §7: regulation groups (document groups). Their uploads are in the uploads area. */
export const regulationsRoutes = defineArea('regulations', {
  listGroups: {
    method: 'GET',
    path: '/api/groups',
    summary: 'Regulation groups of the division (query includeUploads; unpaginated when no page is sent)',
    access: permission('read', 'Regulations'),
    division: 'required',
    implemented: false,
  },
  createGroup: {
    method: 'POST',
    path: '/api/groups/add',
    summary: 'Create a regulation group (name)',
    access: permission('create', 'Regulations'),
    division: 'required',
    implemented: false,
  },
  updateGroup: {
    method: 'POST',
    path: '/api/groups/update/{id}',
    summary: 'Rename a regulation group',
    access: permission('update', 'Regulations'),
    division: 'required',
    implemented: false,
  },
  deleteGroup: {
    method: 'DELETE',
    path: '/api/groups/delete/{id}',
    summary: 'Delete a regulation group',
    access: permission('delete', 'Regulations'),
    division: 'required',
    implemented: false,
  },
});
