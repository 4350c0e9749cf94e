import type { Db } from '@stormline/data/dynamo';
import { listOpenPostStormDues } from '@stormline/data/post-storm-dues';
import { getProjectInDivision } from '@stormline/data/projects';
import { NotFoundError } from '@stormline/domain/errors';
import { settleProjectPostStormDues } from '../lib/post-storm-dues';
import { overEveryDivision } from './each-division';

/**
 * The post-storm due job (issue 23, docs/decisions/0048), hourly beside the missed-inspection
 * job (its Lambda runs both): every division's open post-storm dues, by deadline, are settled by
 * their projects' post-storm inspections. A due whose deadline passed with none is marked missed,
 * once, keeping its evidence; one whose inspection came before the due was recorded (the
 * inspector saw the rain before the rainfall job did) is marked done. Reads only the open dues
 * (byParent) and, per project that has one, its recent dues and post-storm inspections.
 */
export async function settlePostStormDuesOfDivision(db: Db, divisionId: string, now: Date): Promise<number> {
  const open = await listOpenPostStormDues(db, divisionId, '9999');
  let settled = 0;
  for (const projectId of new Set(open.map((due) => due.projectId))) {
    const project = await getProjectInDivision(db, divisionId, projectId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!project) continue;
    settled += (await settleProjectPostStormDues(db, project, now)).length;
  }
  return settled;
}

/** The whole job: every division, one after another; answers how many dues it settled. */
export async function settlePostStormDues(
  db: Db,
  now: Date,
): Promise<{ divisions: number; recorded: number }> {
  return overEveryDivision(db, (divisionId) => settlePostStormDuesOfDivision(db, divisionId, now));
}
