import { setConverting } from '@stormline/data/site-maps';
import { CONVERSION_MESSAGES } from '@stormline/domain/site-maps';
import { getTableDb } from '../../lib/deps';
import { fileStoreOf } from '../../lib/file-store';
import { ConversionRefused, currentConversion, postProgress, readSource } from './conversion-task';
import type { ConversionInput } from './conversion-task';
import { openSource } from './pdf-engine';

/**
 * The CountPages state: the conversion becomes converting, 0 of its page count, and the Map state
 * gets the page numbers to render (1 first).
 */
export async function handler(input: ConversionInput): Promise<{ numbers: number[] }> {
  const db = getTableDb();
  const conversion = await currentConversion(db, input);
  const source = openSource(await readSource(fileStoreOf({ db }), conversion));
  const total = source.pageCount;
  source.document.destroy();
  const converting = await setConverting(db, conversion, total, new Date());
  if (!converting) throw new ConversionRefused(CONVERSION_MESSAGES.gone);
  await postProgress(db, converting);
  return { numbers: Array.from({ length: total }, (_, i) => i + 1) };
}
