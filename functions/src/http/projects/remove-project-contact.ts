import { projectsRoutes } from '@stormline/contract/areas/projects';
import { projectKeys } from '@stormline/data/projects';
import { transact } from '@stormline/data/transact';
import { NotFoundError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';
import { projectLogStep } from '../../lib/project-log';

const route = projectsRoutes.removeProjectContact;

/** Removes a contact (update Project): the user's access row goes, logged. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const now = deps.now();
  await transact(deps.db, [
    {
      write: {
        Delete: {
          TableName: deps.db.tableName,
          Key: projectKeys.access(divisionId!, project.id, params.userId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: () => new NotFoundError('This user is not a contact of the project'),
    },
    projectLogStep(
      deps,
      caller,
      project,
      'contact removed',
      [{ field: 'contact', from: params.userId, to: null }],
      now,
    ),
  ]);
  return { id: params.userId };
}

export const handler = httpRoute(route, main);
