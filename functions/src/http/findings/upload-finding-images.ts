import { findingsRoutes } from '@stormline/contract/areas/findings';
import { changeLogStep } from '@stormline/data/changelog';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { findingImageLinks, recordFindingImages } from '../../lib/finding-images';
import { findingLabel, readFinding } from '../../lib/finding-view';
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
    changeLogStep(
      deps.db,
      {
        divisionId: divisionId!,
        projectId: project.id,
        actor: actorOf(caller),
        entity: 'image',
        entityId: finding.id,
        label: findingLabel(finding),
        action: 'photos added',
        changes: [{ field: 'photos', from: null, to: body.uploads.length }],
      },
      deps.now(),
    ),
  ]);
  return { status: 201, body: { images: await Promise.all(images.map((i) => findingImageLinks(deps, i))) } };
}

export const handler = httpRoute(route, main);
