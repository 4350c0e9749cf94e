import type { DocumentRecord } from '@stormline/data/documents';
import { divisionDocument } from '@stormline/data/site-maps';
import type { ConversionRecord, SiteMapPageRecord } from '@stormline/data/site-maps';
import { ForbiddenError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { CONVERSION_MESSAGES } from '@stormline/domain/site-maps';
import type { Caller } from './authenticate';
import { isSiteMapDocument, startConversion } from './conversion-start';
import type { Deps } from './deps';
import type { FileStore } from './file-store';
import { assertProjectWritable, readVisibleProject } from './project-access';

/** How long a thumbnail link in a list works: long enough to look through the maps. */
const THUMBNAIL_URL_SECONDS = 15 * 60;

export function conversionView(conversion: ConversionRecord) {
  return {
    uploadId: conversion.uploadId,
    status: conversion.status,
    completed: conversion.completed,
    total: conversion.total,
    message: conversion.message,
    updatedAt: conversion.updatedAt,
  };
}

/** A page as the lists show it, its thumbnail presigned for THUMBNAIL_URL_SECONDS. */
export async function pageView(store: FileStore, page: SiteMapPageRecord, documentName: string) {
  return {
    id: page.id,
    GUID: page.guid,
    upload_id: page.uploadId,
    name: page.documentName ?? documentName,
    page: page.page,
    width: page.width,
    height: page.height,
    thumbnail: {
      GUID: page.thumbnailGuid,
      width: page.thumbnailWidth,
      height: page.thumbnailHeight,
      url: await store.presignGet(page.thumbnailKey, THUMBNAIL_URL_SECONDS, {
        fileName: `page-${page.page}-thumbnail.png`,
        contentType: 'image/png',
        inline: true,
      }),
    },
    createdAt: page.listedAt ?? page.createdAt,
    deletedAt: page.deletedAt,
  };
}

/**
 * POST /api/uploads/{id}/convert and the socket's convert:pdf:png: converts an Active Site Map
 * document of the request's division again. The caller must be able to change the project (create
 * Uploads is the route's; update Project here), see it, and it must not be archived; the public
 * account never converts. Refused while a conversion of it runs (409), and for any other document.
 */
export async function convertSiteMap(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  uploadId: string,
): Promise<ConversionRecord> {
  if (caller.role.isReadOnly) throw new ForbiddenError('The public view is read-only');
  if (!can(caller.grants, 'create', 'Uploads'))
    throw new ForbiddenError('Your role does not allow create on Uploads');
  const doc: DocumentRecord = await divisionDocument(deps.db, divisionId, uploadId);
  if (doc.owner.kind !== 'project') throw new NotFoundError('Document not found');
  const project = await readVisibleProject(deps, caller, divisionId, doc.owner.projectId);
  if (!can(caller.grants, 'update', 'Project'))
    throw new ForbiddenError('Your role does not allow update on Project');
  if (!isSiteMapDocument(doc)) throw new ValidationError(CONVERSION_MESSAGES.notSiteMap);
  assertProjectWritable(project);
  return startConversion(deps, doc, caller.user.id);
}
