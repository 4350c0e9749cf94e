import * as z from 'zod/mini';
import { DocumentDetail, DocumentSummary, XfdfResponse } from '../documents';
import { ConversionView, ConvertBody } from '../site-maps';
import { defineArea, permission, signedIn } from '../route';
import { Count, Cursor, Id, ID_PATTERN, IsoDateTime, Page, Version } from '../schemas';

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

/** The file's name as the user chose it: shown in messages and as the document's first name. */
const FileName = z
  .string({ error: 'The file name is required' })
  .check(
    z.trim(),
    z.minLength(1, 'The file name is required'),
    z.maxLength(255, 'The file name must be at most 255 characters'),
  );

/** Spec 001 §5: 'Rename document: name required'. */
const DocumentName = z
  .string({ error: 'Document name is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Document name is required'),
    z.maxLength(255, 'Document name must be at most 255 characters'),
  );

/** The signed upload handed out with the presigned URL and given back once the file is in. */
const UploadTicket = z
  .string({ error: 'The upload is required' })
  .check(
    z.maxLength(2000, 'The upload is not valid. Upload the file again.'),
    z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'The upload is not valid. Upload the file again.'),
  );

export const UploadBegin = z.strictObject({
  name: FileName,
  /** Bytes, as the browser reports the file: a file over the limit is refused before it is sent. */
  size: z.number({ error: 'The file size is required' }).check(z.int(), z.positive()),
  /** 'document' (a document list: 75 MB), 'file' (125 MB) or 'logo' (a template's logo: 2 MB). */
  purpose: z.optional(z.enum(['document', 'file', 'logo'])),
});

export const UploadBegun = z.strictObject({
  upload: z.string(),
  /** PUT the file's bytes here, straight to storage, before `expiresAt`. */
  url: z.string(),
  method: z.literal('PUT'),
  expiresAt: IsoDateTime,
});

/** Records the file of an upload as a document of its owner, once the server has checked it. */
export const DocumentCreate = z.strictObject({ upload: UploadTicket, name: z.optional(DocumentName) });
export const DocumentReplace = z.strictObject({ upload: UploadTicket, version: Version });
export const DocumentRename = z.strictObject({ name: DocumentName, version: Version });

/** Spec 001 §7: a dragged document's new place (0 first) in its group's list. */
export const GroupDocumentSort = z.strictObject({
  id: Id,
  order: Count,
  documentGroupId: Id,
});

/** Spec 001 §7: a dragged document's new place in its legend item's list (documentGroupId: the BMP tab's). */
export const LegendDocumentSort = z.strictObject({
  id: Id,
  order: Count,
  legendItemId: Id,
  documentGroupId: z.optional(Id),
});

export const DocumentOrder = z.strictObject({ documents: z.array(DocumentSummary) });

/** Spec 002 §7: one of the project's document types (GET /api/projects/docTypes ids, e.g. 'active-site-maps'). */
const ProjectDocTypeId = z
  .string({ error: 'The document type is required' })
  .check(z.regex(ID_PATTERN, 'The project does not keep this document type'));

/** Spec 002 §7: 'POST /api/projects/{id}/uploads with project_doc_type_id'. */
export const ProjectDocumentCreate = z.strictObject({
  upload: UploadTicket,
  name: z.optional(DocumentName),
  project_doc_type_id: ProjectDocTypeId,
});

/** Spec 001 §7 'id, order, owner id', the owner a project's document type. */
export const ProjectDocumentSort = z.strictObject({
  id: Id,
  order: Count,
  projectId: Id,
  project_doc_type_id: ProjectDocTypeId,
});

/**
 * Spec 001 §7 and spec 002 §7: uploads and the documents of regulation groups, legend items and
 * projects (create, replace, rename, sort, destroy, convert), downloads by GUID and PDF annotations;
 * and the short-lived download links the browser opens (docs/decisions/0009).
 */
export const uploadsRoutes = defineArea('uploads', {
  createUpload: {
    method: 'POST',
    path: '/api/uploads',
    summary:
      'Begin an upload (name, size): a presigned PUT URL straight to storage and the upload to give back once the file is in',
    access: permission('create', 'Uploads'),
    division: 'required',
    files: 'write',
    query: z.strictObject({}),
    body: UploadBegin,
    response: UploadBegun,
    implemented: true,
  },
  replaceUpload: {
    method: 'PUT',
    path: '/api/uploads/{id}',
    summary:
      "Replace the file of a document, by GUID (upload, version): the file is checked before anything changes (also needs update on the document's owner: Regulations for a group's, Legend Item for a legend item's, Project for a project's; an active site map keeps its limits)",
    access: permission('update', 'Documents'),
    division: 'required',
    files: 'write',
    startsConversion: true,
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: DocumentReplace,
    response: DocumentSummary,
    implemented: true,
  },
  renameUpload: {
    method: 'PUT',
    path: '/api/uploads/{id}/name',
    summary:
      "Rename a document, by GUID (name, version; also needs update on the document's owner: Regulations for a group's, Legend Item for a legend item's, Project for a project's)",
    access: permission('update', 'Documents'),
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: DocumentRename,
    response: DocumentSummary,
    implemented: true,
  },
  convertUpload: {
    method: 'POST',
    path: '/api/uploads/{id}/convert',
    summary:
      'Convert an Active Site Map document (by upload id) to page images and thumbnails again (model name, attributes; also needs update Project): queued at once, progress on status:convert:pdf:png:{uploadId}',
    access: permission('create', 'Uploads'),
    division: 'required',
    startsConversion: true,
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: z.optional(ConvertBody),
    response: ConversionView,
    implemented: true,
  },
  listGroupUploads: {
    method: 'GET',
    path: '/api/groups/{id}/uploads',
    summary: 'The documents of a regulation group (its Regulations tab), in their dragged order',
    access: permission('read', 'Regulations'),
    division: 'required',
    pageSize: 50,
    params: z.strictObject({ id: Id }),
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(DocumentSummary),
    implemented: true,
  },
  createGroupUpload: {
    method: 'POST',
    path: '/api/groups/{id}/uploads',
    summary:
      'Record an upload as a document of a regulation group once its file is checked (upload, name; also needs update Regulations)',
    access: permission('create', 'Uploads'),
    division: 'required',
    files: 'write',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: DocumentCreate,
    response: DocumentSummary,
    implemented: true,
  },
  deleteGroupUpload: {
    method: 'DELETE',
    path: '/api/groups/{id}/uploads/{uploadId}',
    summary: 'Destroy a document of a regulation group, and its file (also needs update Regulations)',
    access: permission('delete', 'Documents'),
    division: 'required',
    files: 'write',
    params: z.strictObject({ id: Id, uploadId: Id }),
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  createLegendItemUpload: {
    method: 'POST',
    path: '/api/legend-items/{id}/uploads',
    summary:
      'Record an upload as a document of a legend item once its file is checked (upload, name; also needs update Legend Item)',
    access: permission('create', 'Uploads'),
    division: 'required',
    files: 'write',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: DocumentCreate,
    response: DocumentSummary,
    implemented: true,
  },
  deleteLegendItemUpload: {
    method: 'DELETE',
    path: '/api/legend-items/{id}/uploads/{uploadId}',
    summary: 'Destroy a document of a legend item, and its file (also needs update Legend Item)',
    access: permission('delete', 'Documents'),
    division: 'required',
    files: 'write',
    params: z.strictObject({ id: Id, uploadId: Id }),
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  createProjectUpload: {
    method: 'POST',
    path: '/api/projects/{id}/uploads',
    summary:
      "Record an upload as a document of one of the project's document types once its file is checked (upload, name, project_doc_type_id; also needs update Project; Active Site Maps: png, jpeg or pdf, images at least 1000x1000; PDFs are converted to images)",
    access: permission('create', 'Uploads'),
    division: 'required',
    files: 'write',
    startsConversion: true,
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: ProjectDocumentCreate,
    response: DocumentSummary,
    implemented: true,
  },
  deleteProjectUpload: {
    method: 'DELETE',
    path: '/api/projects/{id}/uploads/{uploadId}',
    summary:
      'Destroy a project document, and its file (also needs update Project; an active site map not for the roles spec 002 §6 lists)',
    access: permission('delete', 'Documents'),
    division: 'required',
    files: 'write',
    params: z.strictObject({ id: Id, uploadId: Id }),
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  sortGroupDocuments: {
    method: 'PUT',
    path: '/api/documents/group/sort',
    summary:
      'Move a document of a regulation group to a new place (id, order, documentGroupId; also needs update Regulations)',
    access: permission('update', 'Documents'),
    division: 'required',
    query: z.strictObject({}),
    body: GroupDocumentSort,
    response: DocumentOrder,
    implemented: true,
  },
  sortLegendDocuments: {
    method: 'PUT',
    path: '/api/documents/legend/sort',
    summary:
      'Move a document of a legend item to a new place (id, order, legendItemId, documentGroupId; also needs update Legend Item)',
    access: permission('update', 'Documents'),
    division: 'required',
    query: z.strictObject({}),
    body: LegendDocumentSort,
    response: DocumentOrder,
    implemented: true,
  },
  sortProjectDocuments: {
    method: 'PUT',
    path: '/api/documents/project/sort',
    summary:
      'Move a document of a project document type to a new place (id, order, projectId, project_doc_type_id; also needs update Project)',
    access: permission('update', 'Documents'),
    division: 'required',
    query: z.strictObject({}),
    body: ProjectDocumentSort,
    response: DocumentOrder,
    implemented: true,
  },
  download: {
    method: 'GET',
    path: '/dl/{id}',
    summary:
      "Download a document by GUID: a redirect to a presigned URL valid one minute, after checking the caller may read the document's owner",
    access: signedIn,
    division: 'optional',
    files: 'read',
    publicRead: true,
    tokenInQuery: true,
    params: z.strictObject({ id: Id }),
    query: z.strictObject({
      token: z.optional(z.string().check(z.maxLength(4000, 'The link is not valid'))),
      /** 'inline' opens a PDF or image in the browser; the default saves it. */
      disposition: z.optional(z.enum(['inline', 'attachment'])),
    }),
    response: z.strictObject({ url: z.string() }),
    implemented: true,
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
    summary:
      "A document's PDF annotations as one XFDF file (query projectId: a project document's project). Whoever may read the document reads them; edits go over the socket's 'xfdf' action (docs/decisions/0039)",
    access: signedIn,
    division: 'required',
    publicRead: true,
    params: z.strictObject({ uploadId: Id }),
    query: z.strictObject({ projectId: z.optional(Id) }),
    response: XfdfResponse,
    implemented: true,
  },
  getUpload: {
    method: 'GET',
    path: '/api/uploads/{id}',
    summary:
      'One document by GUID, as the document viewer opens it: its name, type, owner and whether the caller may annotate it (all Annotations, the owner writable; docs/decisions/0039)',
    access: signedIn,
    division: 'required',
    publicRead: true,
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    response: DocumentDetail,
    implemented: true,
  },
});
