import { projectsRoutes } from '@stormline/contract/areas/projects';
import { postStormIds, POST_STORM_MAX_PROJECTS } from '@stormline/contract/post-storm';
import { getClientsInDivision } from '@stormline/data/clients';
import { ValidationError } from '@stormline/domain/errors';
import { createInspectionRefusal } from '@stormline/domain/inspection-rules';
import { localDateTime } from '@stormline/domain/local-date';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { POST_STORM_MESSAGES, postStormQuestions, readPostStormProjects } from '../../lib/post-storm';

const route = projectsRoutes.getPostStormQuestions;

/**
 * The post-storm bulk entry form (spec 002 §2): each project named in `pid` that the caller may
 * see (another's answers 404, so the page returns to the list), with its template's post-storm
 * questions and whether a post-storm inspection may be created now.
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const ids = postStormIds(query.pid);
  if (ids.length === 0 || ids.length > POST_STORM_MAX_PROJECTS)
    throw new ValidationError(`Please choose between 1 and ${POST_STORM_MAX_PROJECTS} projects`);
  const projects = await readPostStormProjects(deps, caller, divisionId!, ids);
  const clients = new Map(
    (
      await getClientsInDivision(
        deps.db,
        divisionId!,
        projects.map((p) => p.project.client_id),
      )
    ).map((c) => [c.id, c.name]),
  );
  const now = deps.now();
  return {
    projects: projects.map(({ project, version }) => {
      const counters = project as typeof project & { openInspectionCount?: number };
      const questions = version ? postStormQuestions(version) : [];
      return {
        id: project.id,
        name: project.name,
        clientName: clients.get(project.client_id) ?? '',
        nowLocal: localDateTime(project.timezone, now),
        questions: questions.map((q) => ({
          id: q.id,
          type: q.question_type_id as 'number' | 'text' | 'date' | 'datetime' | 'radio_group',
          label: q.input_label,
          description: q.description,
          options: q.options.map((o) => ({ id: o.id, name: o.name })),
          answer: null,
        })),
        blockedReason: project.archivedAt
          ? 'This project is archived and can no longer be changed.'
          : !version || questions.length === 0
            ? POST_STORM_MESSAGES.noQuestions
            : createInspectionRefusal(counters.openInspectionCount ?? 0, version.kind),
      };
    }),
  };
}

export const handler = httpRoute(route, main);
