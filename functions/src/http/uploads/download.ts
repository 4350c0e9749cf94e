import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { documentAt, findGuidKey, userInOneOf } from '@stormline/data/documents';
import {
  isLogoKey,
  logoAt,
  templateDivisions,
  type TemplateLogoRecord,
} from '@stormline/data/template-logos';
import { isSiteMapFileKey } from '@stormline/data/site-maps';
import { NotFoundError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { readableDocument } from '../../lib/document-access';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { Caller } from '../../lib/authenticate';
import type { Deps } from '../../lib/deps';
import type { RouteRequest } from '../../lib/http-route';
import { readableSiteMapFile } from '../../lib/site-map-access';

const route = uploadsRoutes.download;

/** How long the storage URL the browser is sent to works: just long enough to follow the redirect. */
const DOWNLOAD_URL_SECONDS = 60;

/**
 * Opens a document, a template logo or a site-map page image or thumbnail by GUID: the caller (from the session, or a download link's
 * token for this path) must reach its owner through one of their divisions and may read it (a
 * logo: readableLogo); the answer is a redirect to a presigned URL of the private bucket, valid
 * one minute. Anything else is 404, so a GUID tells a stranger nothing.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const notFound = new NotFoundError('Document not found');
  const key = await findGuidKey(deps.db, params.id);
  if (!key) throw notFound;
  const file = isLogoKey(key)
    ? await readableLogo(deps, caller, divisionId, key)
    : isSiteMapFileKey(key)
      ? await readableSiteMapFile(deps, caller, divisionId, key)
      : await readableDocument(deps, caller, divisionId, await documentAt(deps.db, key));
  if (!file) throw notFound;
  const url = await fileStoreOf(deps).presignGet(file.objectKey, DOWNLOAD_URL_SECONDS, {
    fileName: fileNameOf(file.name, file.mimeType),
    contentType: file.mimeType,
    inline: query.disposition === 'inline',
  });
  return { status: 302, body: { url }, headers: { location: url } };
}

/**
 * The logo a GUID names, if the caller may see it: not the public account (its reports come with
 * printing); read Inspection Templates, or read Inspection for a logo a published version names
 * (an inspection's report shows the logo of its version; a draft's is not yet any report's); and a division holding the template must be the request's, or one of the
 * caller's when a download link names none. Anything else is null, answered 404 like a stranger's
 * document.
 */
async function readableLogo(
  deps: Deps,
  caller: Caller,
  divisionId: string | null,
  key: { pk: string; sk: string },
): Promise<TemplateLogoRecord | null> {
  if (caller.role.isReadOnly) return null;
  const editorReader = can(caller.grants, 'read', 'Inspection Templates');
  if (!editorReader && !can(caller.grants, 'read', 'Inspection')) return null;
  const logo = await logoAt(deps.db, key);
  // An inspection's reader sees the logos of published versions only: a draft's is the editor's.
  if (!logo || (!editorReader && !logo.pinned)) return null;
  const holding = await templateDivisions(deps.db, logo.templateId);
  return (await userInOneOf(deps.db, holding, caller.user.id, divisionId)) ? logo : null;
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
