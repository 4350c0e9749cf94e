import { randomUUID } from 'node:crypto';
import { assertEditable, changeDraft, getTemplateForEditing } from '@stormline/data/template-drafts';
import {
  logoAt,
  logoKey,
  logoPutStep,
  unpinnedLogoDeleteStep,
  type TemplateLogoRecord,
} from '@stormline/data/template-logos';
import type { Db } from '@stormline/data/dynamo';
import type { TransactionStep } from '@stormline/data/transact';
import { TEMPLATE_LOGO_LIMITS } from '@stormline/domain/uploads';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { checkPendingFile, keepFile } from './file-check';
import { fileStoreOf, type FileStore } from './file-store';
import { recordOnce } from './upload-once';
import { readUploadTicket } from './upload-ticket';

/**
 * The template logo (spec 002 §2, docs/decisions/0036): uploaded as every file is (0015: a
 * presigned PUT, then the upload given to the route, which checks what arrived), named by the
 * draft, pinned by Publish. A logo only the draft named is deleted, item and file, when the draft's
 * logo is replaced or removed; one a published version names stays for that version's reports.
 */

/** The draft's logo, when only the draft names it: the one a change of logo may delete. */
async function unpinnedLogo(db: Db, templateId: string, guid: string | null | undefined) {
  if (!guid) return null;
  const logo = await logoAt(db, logoKey(templateId, guid));
  return logo && !logo.pinned ? logo : null;
}

/**
 * Sets the draft's logo to `logo` (null removes it) with `also` in the same transaction, deleting
 * the one it replaces unless a published version names it; then its file, best effort.
 */
async function changeLogo(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  templateId: string,
  logo: TemplateLogoRecord | null,
  also: TransactionStep[],
  store: FileStore,
): Promise<void> {
  let replaced: TemplateLogoRecord | null = null;
  await changeDraft(
    deps.db,
    divisionId,
    templateId,
    (content) => ({ ...content, logo_GUID: logo?.guid ?? null }),
    caller.user.id,
    deps.now(),
    async (before) => {
      replaced = await unpinnedLogo(deps.db, templateId, before.logo_GUID);
      return [
        ...(logo ? [logoPutStep(deps.db, logo)] : []),
        ...(replaced ? [unpinnedLogoDeleteStep(deps.db, templateId, replaced.guid)] : []),
        ...also,
      ];
    },
  );
  const gone = replaced as TemplateLogoRecord | null;
  if (gone)
    await store.remove(gone.objectKey).catch((error: unknown) => {
      console.warn('A replaced logo file could not be removed', { error, key: gone.objectKey });
    });
}

/**
 * Records an uploaded logo as the draft's: the template must be an editable one of the division
 * (system templates: 403 before the upload is touched), the upload the caller's here and claimed
 * once, the file a png or jpeg by its bytes within TEMPLATE_LOGO_LIMITS (a refused file is
 * deleted at once), then kept under its own key and recorded with the draft's change in one
 * transaction; if that fails, the kept file goes too.
 */
export async function uploadTemplateLogo(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  templateId: string,
  upload: string,
): Promise<string> {
  assertEditable(await getTemplateForEditing(deps.db, divisionId, templateId));
  const now = deps.now();
  const ticket = readUploadTicket(upload, deps.jwtSecret, { userId: caller.user.id, divisionId }, now);
  const store = fileStoreOf(deps);
  return recordOnce(deps.db, [ticket], now, async (recorded) => {
    const file = await checkPendingFile(store, ticket, TEMPLATE_LOGO_LIMITS);
    const guid = randomUUID();
    const objectKey = await keepFile(store, ticket, guid);
    const logo: TemplateLogoRecord = {
      templateId,
      guid,
      name: ticket.fileName,
      ...file,
      objectKey,
      pinned: false,
      createdAt: now.toISOString(),
      createdBy: caller.user.id,
    };
    try {
      await changeLogo(deps, caller, divisionId, templateId, logo, recorded, store);
    } catch (error) {
      await store.remove(objectKey).catch(() => undefined);
      throw error;
    }
    return guid;
  });
}

/** Removes the draft's logo (a no-op without one); a version published with it keeps it. */
export async function removeTemplateLogo(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  templateId: string,
): Promise<void> {
  const template = await getTemplateForEditing(deps.db, divisionId, templateId);
  assertEditable(template);
  if (!template.draft.content.logo_GUID) return;
  await changeLogo(deps, caller, divisionId, templateId, null, [], fileStoreOf(deps));
}
