import { randomUUID } from 'node:crypto';
import { pageFileKeys, recordPage } from '@stormline/data/site-maps';
import { CONVERSION_MESSAGES } from '@stormline/domain/site-maps';
import { getTableDb } from '../../lib/deps';
import { fileStoreOf } from '../../lib/file-store';
import { ConversionRefused, currentConversion, postProgress, readSource } from './conversion-task';
import type { ConversionInput } from './conversion-task';
import { openSource, renderPage } from './pdf-engine';

/**
 * One iteration of the RenderPages Map state: the page as a PNG and its 450 px thumbnail, stored
 * under the conversion's id (pageFileKeys), then recorded and counted (completed n of total).
 * Nothing here is listed until the Record state finishes the conversion.
 */
export async function handler(input: ConversionInput & { page: number }): Promise<{ page: number }> {
  const db = getTableDb();
  const store = fileStoreOf({ db });
  const conversion = await currentConversion(db, input);
  const bytes = await readSource(store, conversion);
  const source = openSource(bytes);
  let rendered: ReturnType<typeof renderPage>;
  try {
    rendered = renderPage(source, bytes, input.page);
  } finally {
    source.document.destroy();
  }
  const keys = pageFileKeys(input.uploadId, input.conversionId, input.page);
  await store.put(keys.image, rendered.image.png, 'image/png');
  await store.put(keys.thumbnail, rendered.thumbnail.png, 'image/png');
  const counted = await recordPage(
    db,
    {
      id: randomUUID(),
      guid: randomUUID(),
      thumbnailGuid: randomUUID(),
      divisionId: conversion.divisionId,
      projectId: conversion.projectId,
      uploadId: conversion.uploadId,
      conversionId: conversion.conversionId,
      page: input.page,
      width: rendered.image.width,
      height: rendered.image.height,
      thumbnailWidth: rendered.thumbnail.width,
      thumbnailHeight: rendered.thumbnail.height,
      imageKey: keys.image,
      thumbnailKey: keys.thumbnail,
      createdAt: new Date().toISOString(),
    },
    new Date(),
  );
  if (!counted) throw new ConversionRefused(CONVERSION_MESSAGES.gone);
  await postProgress(db, counted);
  return { page: input.page };
}
