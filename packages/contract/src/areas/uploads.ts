import * as z from 'zod/mini';
import { defineArea, permission, signedIn } from '../route';
import { ID_PATTERN } from '../schemas';

const ID = ID_PATTERN.source.replace(/^\^|\$$/g, '');

/**
 * The paths of the download links (the routes with `tokenInQuery`: /dl/{id} here and the
 * reports area's /api/download/{reportId}.pdf), spelled out so this area does not import another.
 */
export const DOWNLOAD_PATH = new RegExp(`^(/dl/${ID}|/api/download/${ID}\\.pdf)$`);

export const DownloadLinkBody = z.strictObject({
  path: z
    .string({ error: 'The path is required' })
    .check(
      z.maxLength(200, 'The path is not a download link'),
      z.regex(DOWNLOAD_PATH, 'The path is not a download link'),
    ),
});

export const DownloadLinkResponse = z.strictObject({ url: z.string() });

/**
 * Spec 001 §7 and spec 002 §7: uploads and the documents of regulation groups, legend items and
 * projects (create, replace, rename, sort, destroy, convert), downloads by GUID and PDF annotations;
 * and the short-lived download links the browser opens (docs/decisions/0009).
 */
export const uploadsRoutes = defineArea('uploads', {
  createUpload: {
    method: 'POST',
    path: '/api/uploads',
    summary: 'Upload a file (multipart file)',
    access: permission('create', 'Uploads'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  replaceUpload: {
    method: 'PUT',
    path: '/api/uploads/{id}',
    summary: 'Replace the file of an upload, by GUID (multipart file)',
    access: permission('update', 'Documents'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  renameUpload: {
    method: 'PUT',
    path: '/api/uploads/{id}/name',
    summary: 'Rename an upload, by GUID (name)',
    access: permission('update', 'Documents'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  convertUpload: {
    method: 'POST',
    path: '/api/uploads/{id}/convert',
    summary:
      'Start converting a PDF upload to PNG (model name, attributes); progress on status:convert:pdf:png:{uploadId}',
    access: permission('create', 'Uploads'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  createGroupUpload: {
    method: 'POST',
    path: '/api/groups/{id}/uploads',
    summary: 'Upload a document to a regulation group (also needs update Regulations)',
    access: permission('create', 'Uploads'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  deleteGroupUpload: {
    method: 'DELETE',
    path: '/api/groups/{id}/uploads/{uploadId}',
    summary: 'Destroy a document of a regulation group',
    access: permission('delete', 'Documents'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  createLegendItemUpload: {
    method: 'POST',
    path: '/api/legend-items/{id}/uploads',
    summary: 'Upload a document to a legend item',
    access: permission('create', 'Uploads'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  deleteLegendItemUpload: {
    method: 'DELETE',
    path: '/api/legend-items/{id}/uploads/{uploadId}',
    summary: 'Destroy a document of a legend item',
    access: permission('delete', 'Documents'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  createProjectUpload: {
    method: 'POST',
    path: '/api/projects/{id}/uploads',
    summary: 'Upload a project document (project_doc_type_id); Active Site Maps PDFs are converted to images',
    access: permission('create', 'Uploads'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  deleteProjectUpload: {
    method: 'DELETE',
    path: '/api/projects/{id}/uploads/{uploadId}',
    summary: 'Destroy a project document',
    access: permission('delete', 'Documents'),
    division: 'required',
    files: 'write',
    implemented: false,
  },
  sortGroupDocuments: {
    method: 'PUT',
    path: '/api/documents/group/sort',
    summary: 'Reorder the documents of a regulation group (id, order, documentGroupId, groupGUID)',
    access: permission('update', 'Documents'),
    division: 'required',
    implemented: false,
  },
  sortLegendDocuments: {
    method: 'PUT',
    path: '/api/documents/legend/sort',
    summary: 'Reorder the documents of a legend item (id, order, legendItemId, documentGroupId)',
    access: permission('update', 'Documents'),
    division: 'required',
    implemented: false,
  },
  sortProjectDocuments: {
    method: 'PUT',
    path: '/api/documents/project/sort',
    summary: 'Reorder the documents of a project document type (id, order, projectId, project_doc_type_id)',
    access: permission('update', 'Documents'),
    division: 'required',
    implemented: false,
  },
  download: {
    method: 'GET',
    path: '/dl/{id}',
    summary: "Download a file by GUID (optional size); the handler checks the owning record's division",
    access: signedIn,
    division: 'optional',
    files: 'read',
    publicRead: true,
    tokenInQuery: true,
    implemented: false,
  },
  createDownloadLink: {
    method: 'POST',
    path: '/api/download-links',
    summary:
      'A link that opens one download path (/dl/{id}, /api/download/{reportId}.pdf) for 5 minutes: the path with a download token in ?token=',
    access: signedIn,
    division: 'none',
    publicRead: true,
    query: z.strictObject({}),
    body: DownloadLinkBody,
    response: DownloadLinkResponse,
    implemented: true,
  },
  getXfdf: {
    method: 'GET',
    path: '/api/xfdf/{uploadId}',
    summary: 'PDF annotations (XFDF) of an upload (query projectId); edits go over the xfdf socket',
    access: permission('read', 'Annotations'),
    division: 'required',
    files: 'read',
    implemented: false,
  },
});
