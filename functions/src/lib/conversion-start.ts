import { randomUUID } from 'node:crypto';
import type { DocumentRecord } from '@stormline/data/documents';
import { beginConversion, failConversion, markDocumentPagesDeleted } from '@stormline/data/site-maps';
import type { ConversionRecord } from '@stormline/data/site-maps';
import { ValidationError } from '@stormline/domain/errors';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { CONVERSION_MESSAGES, conversionChannel } from '@stormline/domain/site-maps';
import { postToChannel } from './realtime';
import type { Deps } from './deps';
import { startConversionExecution } from './step-functions';

/** Whether a document is an Active Site Map, the only kind that is converted (spec 002 §5). */
export function isSiteMapDocument(doc: Pick<DocumentRecord, 'owner'>): doc is DocumentRecord & {
  owner: { kind: 'project'; divisionId: string; projectId: string; docTypeId: string };
} {
  return doc.owner.kind === 'project' && doc.owner.docTypeId === SITE_MAP_DOC_TYPE_ID;
}

/** Pushes a conversion's state to its channel (spec 002 §7); the stored status is what a reload reads. */
export async function announceConversion(
  deps: Pick<Deps, 'db'>,
  conversion: ConversionRecord,
): Promise<void> {
  await postToChannel(deps, conversionChannel(conversion.uploadId), {
    status: conversion.status,
    completed: conversion.completed,
    total: conversion.total,
    ...(conversion.message ? { message: conversion.message } : {}),
  }).catch((error: unknown) => {
    console.warn('Conversion progress could not be posted', { error });
  });
}

/**
 * Starts converting a site-map document's current file: a new conversion recorded as queued
 * (refused while one runs), then an execution of the state machine named by the conversion's
 * id. If the execution cannot start, the conversion ends in error at once, so it never hangs
 * in queued.
 */
export async function startConversion(
  deps: Pick<Deps, 'db' | 'now'>,
  doc: DocumentRecord,
  startedBy: string | null,
  /** A replaced file supersedes a conversion of the old one still running. */
  options: { supersede?: boolean } = {},
): Promise<ConversionRecord> {
  if (!isSiteMapDocument(doc)) throw new ValidationError(CONVERSION_MESSAGES.notSiteMap);
  const conversion = await beginConversion(deps.db, {
    owner: doc.owner,
    uploadId: doc.id,
    conversionId: randomUUID(),
    sourceKey: doc.objectKey,
    sourceMimeType: doc.mimeType,
    startedBy,
    now: deps.now(),
    supersede: options.supersede ?? false,
  });
  await announceConversion(deps, conversion);
  try {
    await startConversionExecution(deps, conversion.conversionId, {
      divisionId: conversion.divisionId,
      uploadId: conversion.uploadId,
      conversionId: conversion.conversionId,
    });
  } catch (error) {
    console.error('The conversion could not be started', { error });
    const failed = await failConversion(deps.db, conversion, CONVERSION_MESSAGES.failed, deps.now());
    if (failed) await announceConversion(deps, failed);
    return failed ?? conversion;
  }
  return conversion;
}

/** A removed site map's pages are marked deleted; their files stay for the inspections that used them. */
export async function retireSiteMapPages(deps: Pick<Deps, 'db' | 'now'>, doc: DocumentRecord): Promise<void> {
  if (!isSiteMapDocument(doc)) return;
  await markDocumentPagesDeleted(deps.db, doc.owner.divisionId, doc.id, deps.now());
}
