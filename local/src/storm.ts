import type http from 'node:http';
import type { Db } from '@stormline/data/dynamo';
import { listPostStormDuesOfProject } from '@stormline/data/post-storm-dues';
import type { PostStormDueRecord } from '@stormline/data/post-storm-dues';
import type { ProjectRecord } from '@stormline/data/projects';
import { getStormClocks, saveStormClock } from '@stormline/data/rainfall';
import { overActiveProjects, overEveryDivision } from '@stormline/functions/jobs/each-division';
import { runRainfallJob } from '@stormline/functions/jobs/rainfall';
import type { RainfallRun } from '@stormline/functions/jobs/rainfall';
import { NEW_STORM_CLOCK } from '@stormline/domain/permit-clock';
import type { RainHour } from '@stormline/domain/permit-clock';
import { frequencyOn } from '@stormline/domain/permit-clock';
import { projectPermit } from '@stormline/domain/permit-rules';
import { localDate } from '@stormline/domain/local-date';
import {
  addHours,
  hasCoordinates,
  hoursFrom,
  lastCompleteHour,
  rainfallCell,
} from '@stormline/domain/rainfall';
import type { RecordedWeather } from './recorded-weather';
import { RECORDED_WEATHER_PATH } from './recorded-weather';

/**
 * A scripted storm over a project (issue 23, docs/decisions/0047): `npm run storm` asks the
 * running runtime to play one (POST LOCAL_STORM_PATH, from this machine only), and tests call
 * playStorm. The storm's rain is recorded in the recorded weather over the project's grid cell,
 * spread evenly over its hours, and then the rainfall job runs once, as the hourly schedule would.
 */

export const LOCAL_STORM_PATH = `${RECORDED_WEATHER_PATH}/storm`;

export interface StormScript {
  /** The project's name, as shown (any division; case does not matter). */
  project: string;
  /** Rain over the whole storm, inches (0.6 unless given). */
  inches?: number;
  /** Hours it rains (6 unless given). */
  hours?: number;
  /** When the rain stops: 'now' (the start of the current hour) or an ISO instant. */
  ending?: string;
}

export interface PlayedStorm {
  project: { id: string; divisionId: string; name: string };
  cell: string;
  hours: RainHour[];
  /** Projects whose clocks had read past the storm's first hour and were set back to it. */
  replayedProjects: number;
  /** The project's permit has no storm trigger today, or the site has no coordinates: said to the person. */
  warning: string | null;
  run: RainfallRun;
  /** The project's post-storm dues counted from the storm's first hour on. */
  dues: PostStormDueRecord[];
}

export class StormScriptError extends Error {}

/** The active projects across every division, as the job sees them (Queries only). */
async function activeProjects(db: Db): Promise<ProjectRecord[]> {
  const projects: ProjectRecord[] = [];
  await overEveryDivision(db, (divisionId) =>
    overActiveProjects(db, divisionId, async (page) => {
      projects.push(...page);
      return 0;
    }),
  );
  return projects;
}

/** The storm's hours: `inches` spread over `hours` hours ending with `last`, in thousandths, summing exactly. */
export function stormHours(inches: number, hours: number, last: string): RainHour[] {
  const thousandths = Math.round(inches * 1000);
  const each = Math.floor(thousandths / hours);
  return hoursFrom(addHours(last, -(hours - 1)), last).map((hour, i) => ({
    hour,
    rainInches: (i === hours - 1 ? thousandths - each * (hours - 1) : each) / 1000,
    snowInches: 0,
  }));
}

/**
 * Plays a storm: records its rain over the project's cell, sets back the clocks of that cell's
 * projects that had already read its hours (as dry: a scripted storm is allowed to rewrite the
 * recent past, which real weather is not), and runs the rainfall job once at `now`. The job reads
 * the recorded weather through WEATHER_API_URL, which the runtime points at it.
 */
export async function playStorm(
  db: Db,
  weather: RecordedWeather,
  script: StormScript,
  now = new Date(),
): Promise<PlayedStorm> {
  const inches = script.inches ?? 0.6;
  const hours = script.hours ?? 6;
  if (!(inches > 0 && inches <= 40))
    throw new StormScriptError('--inches must be more than 0 and at most 40');
  if (!Number.isInteger(hours) || hours < 1 || hours > 72) {
    throw new StormScriptError('--hours must be a whole number from 1 to 72');
  }
  const ending = !script.ending || script.ending === 'now' ? now : new Date(script.ending);
  if (Number.isNaN(ending.getTime())) throw new StormScriptError(`--ending is not a time: ${script.ending}`);
  if (ending > now)
    throw new StormScriptError('--ending must be now or in the past: the job reads hours that are over');
  const last = lastCompleteHour(ending);
  if (last < addHours(lastCompleteHour(now), -(72 - hours))) {
    throw new StormScriptError('The storm must end within the last 72 hours, which the job reads back to');
  }

  const projects = await activeProjects(db);
  const wanted = script.project.trim().toLowerCase();
  const named = projects.filter((p) => p.name.trim().toLowerCase() === wanted);
  if (named.length === 0) throw new StormScriptError(`No active project is named "${script.project}"`);
  if (named.length > 1) {
    throw new StormScriptError(
      `${named.length} active projects are named "${script.project}"; rename one first`,
    );
  }
  const project = named[0]!;
  if (!hasCoordinates(project.address)) {
    throw new StormScriptError(
      `"${project.name}" has no coordinates: set its site's latitude and longitude first`,
    );
  }
  const cell = rainfallCell(project.address.latitude, project.address.longitude);
  const storm = stormHours(inches, hours, last);
  await weather.record(cell, storm);

  const trigger = frequencyOn(projectPermit(project), localDate(project.timezone, now)).frequency.storm;
  const warning = trigger
    ? null
    : `"${project.name}" runs on a rule with no storm trigger today (choose a permit with a post-storm inspection in Edit Project; the UK variant runs on the fixed interval only, so start the US one: REGION=US npm start -- --fresh): its rain is recorded, but no due follows`;

  // The cell's clocks that read the storm's hours already (as dry) start again at its first hour.
  const first = storm[0]!.hour;
  const inCell = projects.filter(
    (other) =>
      hasCoordinates(other.address) && rainfallCell(other.address.latitude, other.address.longitude) === cell,
  );
  const clocks = await getStormClocks(db, inCell);
  let replayedProjects = 0;
  for (const other of inCell) {
    const clock = clocks.get(other.id);
    if (!clock?.checkedThrough || clock.checkedThrough < first) continue;
    const restart = { ...NEW_STORM_CLOCK, checkedThrough: addHours(first, -1) };
    if (await saveStormClock(db, other, clock, restart)) replayedProjects++;
  }
  // A project the job has not seen yet starts just before the storm, as if it had been watched.
  if (trigger && !clocks.has(project.id)) {
    await saveStormClock(db, project, null, { ...NEW_STORM_CLOCK, checkedThrough: addHours(first, -1) });
  }

  const run = await runRainfallJob(db, now);
  const dues = await listPostStormDuesOfProject(db, project.divisionId, project.id, `${first}:00:00.000Z`);
  return {
    project: { id: project.id, divisionId: project.divisionId, name: project.name },
    cell,
    hours: storm,
    replayedProjects,
    warning,
    run,
    dues,
  };
}

/** What the command prints: the storm, what the run did, the dues it found. */
export function describeStorm(played: PlayedStorm): string {
  const total = played.hours.reduce((sum, h) => sum + h.rainInches * 1000, 0) / 1000;
  const lines = [
    `Recorded ${total} in of rain over ${played.project.name} (grid cell ${played.cell}), ${played.hours.length} hours from ${played.hours[0]!.hour}:00 to ${addHours(played.hours.at(-1)!.hour, 1)}:00 UTC.`,
  ];
  if (played.warning) lines.push(`Note: ${played.warning}.`);
  if (played.replayedProjects > 0) {
    lines.push(
      `${played.replayedProjects} project clock(s) in the cell had read those hours and read them again.`,
    );
  }
  lines.push(
    `Rainfall job: ${played.run.projects} watched project(s) in ${played.run.cells} cell(s), ${played.run.requests} weather request(s), ${played.run.recorded} post-storm due(s) recorded.`,
  );
  for (const due of played.dues) {
    lines.push(
      `Post-storm inspection due by ${due.dueBy} at ${played.project.name}: ${due.amountInches} in of ${due.kind === 'rain' ? 'rain' : 'snow'} from ${due.windowStart} to ${due.windowEnd} (${due.status}).`,
    );
  }
  if (played.dues.length === 0 && !played.warning)
    lines.push('No post-storm inspection is due: the storm stayed under the threshold.');
  return lines.join('\n');
}

/** Serves LOCAL_STORM_PATH on the runtime's gateway: from this machine only, JSON in, the description out. */
export async function handleStormRequest(
  db: Db,
  weather: RecordedWeather,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<boolean> {
  if (url.pathname !== LOCAL_STORM_PATH) return false;
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const remote = req.socket.remoteAddress ?? '';
  if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(remote)) {
    send(403, { message: 'Storms are played from this machine only' });
    return true;
  }
  if (req.method !== 'POST') {
    send(405, { message: 'POST a storm script' });
    return true;
  }
  // JSON only, and never from a web page: a page open in a browser on this machine could
  // otherwise play storms with a simple (text/plain) cross-site POST.
  // (A browser's POST always carries Origin; the command's does not.)
  const fromAPage = req.headers.origin !== undefined;
  if (!(req.headers['content-type'] ?? '').startsWith('application/json') || fromAPage) {
    send(415, { message: 'POST the storm script as application/json, from the storm command' });
    return true;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let script: StormScript;
  try {
    script = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StormScript;
    if (typeof script.project !== 'string') throw new StormScriptError('--project "<name>" is required');
  } catch (error) {
    send(400, {
      message: error instanceof StormScriptError ? error.message : 'The storm script is not JSON',
    });
    return true;
  }
  try {
    const played = await playStorm(db, weather, script);
    send(200, { ...played, text: describeStorm(played) });
  } catch (error) {
    if (error instanceof StormScriptError) send(400, { message: error.message });
    else {
      console.error('playing a storm failed', error);
      send(500, { message: 'The storm could not be played; the runtime logged why' });
    }
  }
  return true;
}
