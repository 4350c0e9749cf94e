import { findingsRoutes } from '@stormline/contract/areas/findings';
import { findingImageUpdateStep, listFindingImages } from '@stormline/data/findings';
import { transact } from '@stormline/data/transact';
import { ForbiddenError, NotFoundError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { findingImageLinks } from '../../lib/finding-images';
import { findingLogStep, readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf } from '../../lib/inspection-context';
import { assertProjectWritable } from '../../lib/project-access';

const route = findingsRoutes.updateFindingImage;

/** Turns a photo or redraws its annotations (annotations: all on Annotations, spec 002 §6). */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { finding, project } = await readFinding(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  if (body.annotations !== undefined && !can(caller.grants, 'all', 'Annotations'))
    throw new ForbiddenError('Your role does not allow annotations');
  const image = (await listFindingImages(deps.db, divisionId!, finding.id)).find(
    (i) => i.id === params.uploadId,
  );
  if (!image) throw new NotFoundError('Photo not found');
  const fields = {
    rotation: body.rotation ?? image.rotation,
    annotations: body.annotations ?? image.annotations,
  };
  await transact(deps.db, [
    findingImageUpdateStep(deps.db, divisionId!, image, fields),
    findingLogStep(
      deps,
      actorOf(caller),
      finding,
      'photo changed',
      [
        ...(fields.rotation !== image.rotation
          ? [{ field: 'rotation', from: image.rotation, to: fields.rotation }]
          : []),
        ...(body.annotations !== undefined
          ? [{ field: 'annotations', from: image.annotations.length, to: fields.annotations.length }]
          : []),
      ],
      'image',
    ),
  ]);
  return findingImageLinks(deps, { ...image, ...fields, version: image.version + 1 });
}

export const handler = httpRoute(route, main);
