import type { DocumentRecord } from '@stormline/data/documents';
import type { Caller } from './authenticate';
import { isSiteMapDocument, retireSiteMapPages, startConversion } from './conversion-start';
import type { Deps } from './deps';

/**
 * What the project document routes call when an Active Site Map document comes, changes or goes
 * (docs/decisions/0037, 0038). Any other document is left alone. A conversion that cannot start
 * is recorded in error on the document, never a failure of the upload that called it.
 */

/** A site map was recorded: its file is converted to page images and thumbnails. */
export async function siteMapStored(deps: Deps, doc: DocumentRecord, caller?: Caller): Promise<void> {
  if (!isSiteMapDocument(doc)) return;
  await startConversion(deps, doc, caller?.user.id ?? null).catch((error: unknown) => {
    console.error('The site map could not be queued for conversion', { error });
  });
}

/**
 * A site map's file was replaced: the new file is converted. The old pages stay listed until the
 * new ones are done (then they are marked deleted); a conversion of the old file still running is
 * superseded.
 */
export async function siteMapReplaced(deps: Deps, doc: DocumentRecord, caller?: Caller): Promise<void> {
  if (!isSiteMapDocument(doc)) return;
  await startConversion(deps, doc, caller?.user.id ?? null, { supersede: true }).catch((error: unknown) => {
    console.error('The replaced site map could not be queued for conversion', { error });
  });
}

/** A site map was removed: its pages are marked deleted, kept for the inspections that used them. */
export async function siteMapRemoved(deps: Deps, doc: DocumentRecord): Promise<void> {
  await retireSiteMapPages(deps, doc);
}
