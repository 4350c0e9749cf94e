import type * as z from 'zod/mini';
import type { FindingDetail } from '@stormline/contract/inspection-views';
import { getClientInDivision } from '@stormline/data/clients';
import type { FindingRecord } from '@stormline/data/findings';
import { listFindingNotes, neighbourFinding } from '@stormline/data/findings';
import type { ProjectRecord } from '@stormline/data/projects';
import { can } from '@stormline/domain/permissions';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { findingImagesOf } from './finding-images';
import { controlMeasureNames, findingView, findingWriteRefusal, observationView } from './finding-view';
import { userNames } from './inspection-context';

/**
 * The finding detail (spec 002 §2): the finding, its observations newest first, its images only
 * with read Finding Images and when the client has not disabled images, and Previous / Next
 * within the inspection it is read in.
 */
export async function findingDetail(
  deps: Deps,
  caller: Caller,
  finding: FindingRecord,
  project: ProjectRecord,
  inInspection: string | undefined,
): Promise<z.input<typeof FindingDetail>> {
  const d = finding.divisionId;
  const [notes, client, names, previousId, nextId] = await Promise.all([
    listFindingNotes(deps.db, d, finding.id),
    getClientInDivision(deps.db, d, project.client_id),
    controlMeasureNames(deps, d, [finding]),
    inInspection ? neighbourFinding(deps.db, d, inInspection, finding.number, 'previous') : null,
    inInspection ? neighbourFinding(deps.db, d, inInspection, finding.number, 'next') : null,
  ]);
  const authors = await userNames(
    deps,
    notes.map((n) => n.authorId),
  );
  const showImages = can(caller.grants, 'read', 'Finding Images') && !client.disable_images;
  return {
    ...findingView(finding, names, inInspection),
    observations: notes.map((n) =>
      observationView(n, authors.get(n.authorId) ?? 'Former user', caller, project),
    ),
    images: showImages ? await findingImagesOf(deps, finding) : null,
    previousId,
    nextId,
    editable: !caller.role.isReadOnly && findingWriteRefusal(finding, project) === null,
  };
}
