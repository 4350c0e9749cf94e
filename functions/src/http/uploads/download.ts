import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { findDocumentByGuid, userReachesDocument } from '@stormline/data/documents';
import { NotFoundError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import { readVisibleProject } from '../../lib/project-access';
import type { RouteRequest } from '../../lib/http-route';

const route = uploadsRoutes.download;

/** How long the storage URL the browser is sent to works: just long enough to follow the redirect. */
const DOWNLOAD_URL_SECONDS = 60;

/**
 * Opens a document by GUID: the caller (from the session, or a download link's token for this
 * path) must reach its owner through one of their divisions and may read it; the answer is a
 * redirect to a presigned URL of the private bucket, valid one minute. Anything else is 404, so
 * a GUID tells a stranger nothing.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const notFound = new NotFoundError('Document not found');
  const doc = await findDocumentByGuid(deps.db, params.id);
  const { owner } = doc;
  // The public view's documents are a published project's only (docs/decisions/0015).
  if (caller.role.isReadOnly && owner.kind !== 'project') throw notFound;
  const mayRead =
    owner.kind === 'group'
      ? can(caller.grants, 'read', 'Regulations')
      : owner.kind === 'legend'
        ? can(caller.grants, 'read', 'Legend Item') || can(caller.grants, 'read', 'Regulations')
        : can(caller.grants, 'read', 'Project');
  if (!mayRead || !(await userReachesDocument(deps.db, doc, caller.user.id, divisionId))) throw notFound;
  // A project's documents go only to those who see the project (its access rows; published for the public).
  if (owner.kind === 'project')
    await readVisibleProject(deps, caller, owner.divisionId, owner.projectId).catch(() => {
      throw notFound;
    });
  const url = await fileStoreOf(deps).presignGet(doc.objectKey, DOWNLOAD_URL_SECONDS, {
    fileName: fileNameOf(doc.name, doc.mimeType),
    contentType: doc.mimeType,
    inline: query.disposition === 'inline',
  });
  return { status: 302, body: { url }, headers: { location: url } };
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/** The document's name as a file name, with the extension its content calls for. */
function fileNameOf(name: string, mimeType: string): string {
  const extension = EXTENSIONS[mimeType] ?? '';
  const lower = name.toLowerCase();
  if (!extension || lower.endsWith(extension) || (extension === '.jpg' && lower.endsWith('.jpeg')))
    return name;
  return `${name}${extension}`;
}

export const handler = httpRoute(route, main);
