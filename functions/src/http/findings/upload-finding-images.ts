import { findingsRoutes } from '@stormline/contract/areas/findings';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { findingImageLinks, recordFindingImages } from '../../lib/finding-images';
import { findingLogStep, readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf } from '../../lib/inspection-context';
import { assertProjectWritable } from '../../lib/project-access';

const route = findingsRoutes.uploadFindingImages;

/**
 * Records the photos of a finding (create Finding Images; annotations need all on Annotations):
 * the files came straight to storage; the server sniffs each and checks its size before it is
 * recorded (0018). Photos may be added to a completed finding as proof of the work.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { finding, project } = await readFinding(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  if (body.uploads.some((u) => (u.annotations?.length ?? 0) > 0) && !can(caller.grants, 'all', 'Annotations'))
    throw new ForbiddenError('Your role does not allow annotations');
  const images = await recordFindingImages(deps, caller, finding, body.uploads, [
    findingLogStep(
      deps,
      actorOf(caller),
      finding,
      'photos added',
      [{ field: 'photos', from: null, to: body.uploads.length }],
      'image',
    ),
  ]);
  return { status: 201, body: { images: await Promise.all(images.map((i) => findingImageLinks(deps, i))) } };
}

export const handler = httpRoute(route, main);
