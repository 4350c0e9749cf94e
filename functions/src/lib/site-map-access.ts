import { userInOneOf } from '@stormline/data/documents';
import { siteMapFileAt } from '@stormline/data/site-maps';
import { can } from '@stormline/domain/permissions';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { readVisibleProject } from './project-access';

/**
 * A site-map page image or thumbnail a GUID names (/dl), if the caller may see it: the same rule as
 * its project's documents (read Project, the project's division one of the caller's, the project
 * visible to them: published for the public account). A removed site map's pages stay readable
 * so the inspections that used them still show them. Null, answered 404, for anyone else.
 */
export async function readableSiteMapFile(
  deps: Deps,
  caller: Caller,
  divisionId: string | null,
  key: { pk: string; sk: string },
): Promise<{ objectKey: string; name: string; mimeType: string } | null> {
  if (!can(caller.grants, 'read', 'Project')) return null;
  const file = await siteMapFileAt(deps.db, key);
  if (!file || !(await userInOneOf(deps.db, [file.divisionId], caller.user.id, divisionId))) return null;
  const visible = await readVisibleProject(deps, caller, file.divisionId, file.projectId).then(
    () => true,
    () => false,
  );
  return visible ? { objectKey: file.objectKey, name: file.name, mimeType: 'image/png' } : null;
}
