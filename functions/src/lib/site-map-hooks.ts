import type { DocumentRecord } from '@stormline/data/documents';
import type { Deps } from './deps';

/**
 * The points where an Active Site Map's file comes, changes or goes (issue 20): the PDF-to-PNG
 * conversion job starts, restarts or clears its page images here. Each runs after the document's
 * own write has succeeded; the document routes know nothing else of the conversion.
 */

/** An Active Site Map document was recorded (POST /api/projects/{id}/uploads). */
export async function siteMapStored(_deps: Deps, _doc: DocumentRecord): Promise<void> {
  // filled by the conversion job (issue 20)
}

/** An Active Site Map's file was replaced (PUT /api/uploads/{GUID}): `doc` is the document as it is now. */
export async function siteMapReplaced(_deps: Deps, _doc: DocumentRecord): Promise<void> {
  // filled by the conversion job (issue 20)
}

/** An Active Site Map document was destroyed (DELETE /api/projects/{id}/uploads/{uploadId}). */
export async function siteMapRemoved(_deps: Deps, _doc: DocumentRecord): Promise<void> {
  // filled by the conversion job (issue 20)
}
