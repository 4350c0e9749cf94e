import { findingsRoutes } from '@stormline/contract/areas/findings';
import { deleteFinding, listFindingImages } from '@stormline/data/findings';
import { isSourcePlaced } from '@stormline/data/map-features';
import { ConflictError, ValidationError } from '@stormline/domain/errors';
import { MAP_MESSAGES } from '@stormline/domain/map-features';
import { deletionNoteIssue } from '@stormline/domain/finding-rules';
import { fileStoreOf } from '../../lib/file-store';
import { assertFindingWritable, findingLogStep, readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf } from '../../lib/inspection-context';

const route = findingsRoutes.deleteFinding;

/**
 * Deletes a finding (delete Findings) with the required note ('Finding Deletion Note is
 * required.'), kept in the change log with the finding as it was; its photos' files go too.
 * Refused (409) while it stands on a map now: remove it from the map first (0041).
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const issue = deletionNoteIssue(body.note);
  if (issue) throw new ValidationError(issue, [{ path: 'note', message: issue }]);
  const { finding, project } = await readFinding(deps, caller, divisionId!, params.id);
  assertFindingWritable(finding, project);
  if (await isSourcePlaced(deps.db, divisionId!, finding.id))
    throw new ConflictError(MAP_MESSAGES.standsOnMap);
  const images = await listFindingImages(deps.db, divisionId!, finding.id);
  await deleteFinding(deps.db, finding, [
    findingLogStep(deps, actorOf(caller), finding, 'deleted', [
      { field: 'deletion note', from: null, to: body.note!.trim() },
      {
        field: 'finding',
        from: {
          type: finding.typeName,
          location: finding.location,
          date_initiated: finding.date_initiated,
          comments: finding.comments,
        },
        to: null,
      },
    ]),
  ]);
  const store = fileStoreOf(deps);
  await Promise.all(
    images
      .flatMap((image) => [image.objectKey, image.thumbnailKey])
      .map((key) => store.remove(key).catch(() => undefined)),
  );
  return { id: finding.id };
}

export const handler = httpRoute(route, main);
