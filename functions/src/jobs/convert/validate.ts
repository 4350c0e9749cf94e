import { getTableDb } from '../../lib/deps';
import { fileStoreOf } from '../../lib/file-store';
import { currentConversion, readSource } from './conversion-task';
import type { ConversionInput } from './conversion-task';
import { checkPageSizes, openSource } from './pdf-engine';

/**
 * The Validate state: the document's file, sniffed by its bytes and opened with mupdf. An
 * encrypted, unreadable or empty file is refused here with its reason (ConversionRefused), before
 * any page is made; so is a page too narrow or an image too large to render (checkPageSizes).
 */
export async function handler(input: ConversionInput): Promise<{ mimeType: string }> {
  const db = getTableDb();
  const conversion = await currentConversion(db, input);
  const bytes = await readSource(fileStoreOf({ db }), conversion);
  const source = openSource(bytes);
  try {
    checkPageSizes(source, bytes);
    return { mimeType: source.mimeType };
  } finally {
    source.document.destroy();
  }
}
