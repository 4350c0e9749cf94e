import { getConversion } from '@stormline/data/site-maps';
import type { ConversionRecord } from '@stormline/data/site-maps';
import type { Db } from '@stormline/data/dynamo';
import { CONVERSION_MESSAGES, conversionChannel } from '@stormline/domain/site-maps';
import type { FileStore } from '../../lib/file-store';
import { postToChannel } from '../../lib/realtime';

/** What the state machine carries from task to task: the rest is read from the conversion item. */
export interface ConversionInput {
  divisionId: string;
  uploadId: string;
  conversionId: string;
}

/**
 * A refusal the user reads (spec 002 §8: 'the status and message'): the error name the state
 * machine's Catch passes on, and the message the failure task records. Any other error is
 * recorded as CONVERSION_MESSAGES.failed, its details only in the log.
 */
export class ConversionRefused extends Error {
  override readonly name = 'ConversionRefused';
}

/** The conversion this execution runs, or a refusal when a newer one (or none) is current. */
export async function currentConversion(db: Db, input: ConversionInput): Promise<ConversionRecord> {
  const conversion = await getConversion(db, input.divisionId, input.uploadId);
  if (!conversion || conversion.conversionId !== input.conversionId)
    throw new ConversionRefused(CONVERSION_MESSAGES.gone);
  return conversion;
}

/** The whole source file (site maps are at most the upload limit, 75 MB). */
export async function readSource(store: FileStore, conversion: ConversionRecord): Promise<Uint8Array> {
  const size = await store.size(conversion.sourceKey);
  if (!size) throw new ConversionRefused(CONVERSION_MESSAGES.gone);
  return store.readRange(conversion.sourceKey, 0, size - 1);
}

/** Pushes the conversion's state to whoever watches its channel (spec 002 §7). */
export async function postProgress(db: Db, conversion: ConversionRecord): Promise<void> {
  await postToChannel({ db }, conversionChannel(conversion.uploadId), {
    status: conversion.status,
    completed: conversion.completed,
    total: conversion.total,
    ...(conversion.message ? { message: conversion.message } : {}),
  }).catch((error: unknown) => {
    // Progress is a courtesy: the stored status is the truth a reload reads.
    console.warn('Conversion progress could not be posted', { error });
  });
}
