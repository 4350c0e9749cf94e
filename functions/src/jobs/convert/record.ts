import { getDocument } from '@stormline/data/documents';
import { finishConversion } from '@stormline/data/site-maps';
import { CONVERSION_MESSAGES } from '@stormline/domain/site-maps';
import { getTableDb } from '../../lib/deps';
import { ConversionRefused, currentConversion, postProgress } from './conversion-task';
import type { ConversionInput } from './conversion-task';

/**
 * The Record state: every page is in, so they become the document's pages (status done), with
 * the document's name as it is now; the pages they supersede are marked deleted.
 */
export async function handler(input: ConversionInput): Promise<void> {
  const db = getTableDb();
  const conversion = await currentConversion(db, input);
  const document = await getDocument(
    db,
    {
      kind: 'project',
      divisionId: conversion.divisionId,
      projectId: conversion.projectId,
      docTypeId: conversion.docTypeId,
    },
    conversion.uploadId,
  ).catch(() => {
    throw new ConversionRefused(CONVERSION_MESSAGES.gone);
  });
  const done = await finishConversion(
    db,
    conversion,
    { name: document.name, guid: document.guid },
    new Date(),
  );
  if (!done) throw new ConversionRefused(CONVERSION_MESSAGES.gone);
  await postProgress(db, done);
}
