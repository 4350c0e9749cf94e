import { listFindingImages, listProjectFindings } from '@stormline/data/findings';
import { listProjects } from '@stormline/data/projects';
import type { Deps } from './deps';
import { overEveryDivision } from '../jobs/each-division';
import { storePrintCopy, UnprintablePhotoError } from './print-copy';

const PAGE = 100;

export interface BackfillCounts {
  /** Finding photos looked at. */
  photos: number;
  /** Print copies made now. */
  made: number;
  /** Photos whose original does not decode: they print from the original. */
  unprintable: number;
}

/**
 * The print copies of finding photos stored before copies were made (docs/decisions/0045): every
 * division's active and archived projects, their findings and their photos, Queries only, one
 * photo at a time; a photo that already has a copy is left as it is, so a second run (or one
 * beside the stream handler) makes nothing twice. The one-off upgrade of a kept local store and
 * `npm run photos:print-copies` for a deployment both run this.
 */
export async function backfillPrintCopies(
  deps: Pick<Deps, 'db'>,
  log: (line: string) => void = () => {},
): Promise<BackfillCounts> {
  const counts: BackfillCounts = { photos: 0, made: 0, unprintable: 0 };
  await overEveryDivision(deps.db, async (divisionId) => {
    for (const state of ['ACTIVE', 'ARCHIVED'] as const)
      for (let cursor: string | undefined, first = true; first || cursor; first = false) {
        const projects = await listProjects(deps.db, divisionId, state, { pageSize: PAGE, cursor });
        for (const project of projects.items) await backfillProject(deps, divisionId, project.id, counts);
        cursor = projects.nextCursor ?? undefined;
      }
    log(`print copies: ${divisionId} done (${counts.made} made so far of ${counts.photos} photos)`);
    return 0;
  });
  return counts;
}

/** One project's part of the backfill: its findings' photos without a copy get one (adds to `counts`). */
export async function backfillProject(
  deps: Pick<Deps, 'db'>,
  divisionId: string,
  projectId: string,
  counts: BackfillCounts = { photos: 0, made: 0, unprintable: 0 },
): Promise<BackfillCounts> {
  for (let cursor: string | undefined, first = true; first || cursor; first = false) {
    const findings = await listProjectFindings(deps.db, divisionId, projectId, { pageSize: PAGE, cursor });
    for (const finding of findings.items)
      for (const photo of await listFindingImages(deps.db, divisionId, finding.id)) {
        counts.photos++;
        if (photo.printKey) continue;
        try {
          if (
            await storePrintCopy(deps, {
              divisionId,
              findingId: finding.id,
              id: photo.id,
              objectKey: photo.objectKey,
            })
          )
            counts.made++;
        } catch (error) {
          if (!(error instanceof UnprintablePhotoError)) throw error;
          counts.unprintable++;
          console.error('print copies: a finding photo has no print copy; reports print its original', {
            divisionId,
            findingId: finding.id,
            id: photo.id,
            reason: error.message,
          });
        }
      }
    cursor = findings.nextCursor ?? undefined;
  }
  return counts;
}
