import * as z from 'zod/mini';
import { defineArea, permission } from '../route';
import { DocumentSummary } from '../documents';
import { Count, Cursor, Id, IsoDateTime, Page, SearchText, Version } from '../schemas';

/** Spec 001 §5: 'Regulation name required and not blank'. */
export const REGULATION_NAME_EMPTY = 'Regulation name cannot be empty';

const RegulationName = z
  .string({ error: REGULATION_NAME_EMPTY })
  .check(
    z.trim(),
    z.minLength(1, REGULATION_NAME_EMPTY),
    z.maxLength(100, 'Regulation name must be at most 100 characters'),
  );

/** Spec 001 §3: a regulation group (document group), with its document count and date modified. */
export const RegulationGroup = z.strictObject({
  id: Id,
  name: z.string(),
  num_documents: Count,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  version: Version,
});

export const RegulationGroupWithDocs = z.strictObject({
  ...RegulationGroup.shape,
  /** With includeUploads: the first documents of the group, in their dragged order. */
  group_docs: z.optional(z.array(DocumentSummary)),
});

export const GroupCreate = z.strictObject({ name: RegulationName });
export const GroupUpdate = z.strictObject({ name: RegulationName, version: Version });

const groupParams = z.strictObject({ id: Id });

export const GroupListQuery = z.strictObject({
  cursor: z.optional(Cursor),
  s: z.optional(SearchText),
  includeUploads: z.optional(z.enum(['true', 'false'])),
});

/** How many documents each group carries with includeUploads: the Regulations tab's first rows. */
export const INCLUDED_UPLOADS = 15;

/** Spec 001 §7: regulation groups (document groups). Their uploads are in the uploads area. */
export const regulationsRoutes = defineArea('regulations', {
  listGroups: {
    method: 'GET',
    path: '/api/groups',
    summary:
      'Regulation groups of the division by name, or those matching search s; a page at a time (includeUploads: each with its first documents)',
    access: permission('read', 'Regulations'),
    division: 'required',
    pageSize: 25,
    query: GroupListQuery,
    response: Page(RegulationGroupWithDocs),
    implemented: true,
  },
  getGroup: {
    method: 'GET',
    path: '/api/groups/{id}',
    summary: 'One regulation group of the division (group detail: title, document count, date modified)',
    access: permission('read', 'Regulations'),
    division: 'required',
    params: groupParams,
    query: z.strictObject({}),
    response: RegulationGroup,
    implemented: true,
  },
  createGroup: {
    method: 'POST',
    path: '/api/groups/add',
    summary: 'Create a regulation group in the division (name)',
    access: permission('create', 'Regulations'),
    division: 'required',
    query: z.strictObject({}),
    body: GroupCreate,
    response: RegulationGroup,
    implemented: true,
  },
  updateGroup: {
    method: 'POST',
    path: '/api/groups/update/{id}',
    summary: 'Rename a regulation group (409 when the version is stale)',
    access: permission('update', 'Regulations'),
    division: 'required',
    params: groupParams,
    query: z.strictObject({}),
    body: GroupUpdate,
    response: RegulationGroup,
    implemented: true,
  },
  deleteGroup: {
    method: 'DELETE',
    path: '/api/groups/delete/{id}',
    summary:
      'Delete a regulation group from the division; the group and its documents go when no division holds it any more',
    access: permission('delete', 'Regulations'),
    division: 'required',
    params: groupParams,
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ id: Id, destroyed: z.boolean() }),
    implemented: true,
  },
});
