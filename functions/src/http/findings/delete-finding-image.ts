import { findingsRoutes } from '@stormline/contract/areas/findings';
import { findingImageCountStep, findingImageDeleteStep, listFindingImages } from '@stormline/data/findings';
import { transact } from '@stormline/data/transact';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import { FINDING_MESSAGES } from '@stormline/domain/finding-rules';
import { fileStoreOf } from '../../lib/file-store';
import { findingLogStep, readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf } from '../../lib/inspection-context';
import { assertProjectWritable } from '../../lib/project-access';

const route = findingsRoutes.deleteFindingImage;

/**
 * Deletes a photo of a finding (delete Finding Images), its files after the rows. A completed
 * finding's photos are the proof of its completion (0018 lets proof be added after): they are
 * kept, as its form is read-only (spec 002 §4); reopening the finding makes them removable again.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { finding, project } = await readFinding(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  if (finding.date_completed) throw new ConflictError(FINDING_MESSAGES.alreadyCompleted);
  const image = (await listFindingImages(deps.db, divisionId!, finding.id)).find(
    (i) => i.id === params.uploadId,
  );
  if (!image) throw new NotFoundError('Photo not found');
  await transact(deps.db, [
    findingImageDeleteStep(deps.db, divisionId!, image),
    findingImageCountStep(
      deps.db,
      divisionId!,
      finding.id,
      -1,
      () => new ConflictError(FINDING_MESSAGES.alreadyCompleted),
    ),
    findingLogStep(
      deps,
      actorOf(caller),
      finding,
      'photo deleted',
      [{ field: 'photo', from: image.name, to: null }],
      'image',
    ),
  ]);
  const store = fileStoreOf(deps);
  await Promise.all(
    [image.objectKey, image.thumbnailKey].map((key) => store.remove(key).catch(() => undefined)),
  );
  return { id: image.id };
}

export const handler = httpRoute(route, main);
