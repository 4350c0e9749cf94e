import { projectsRoutes } from '@stormline/contract/areas/projects';
import { listOpenFindingsOfProject } from '@stormline/data/findings';
import { createInspection } from '@stormline/data/inspections';
import { ConflictError, ValidationError } from '@stormline/domain/errors';
import { createInspectionRefusal } from '@stormline/domain/inspection-rules';
import { localDateTime } from '@stormline/domain/local-date';
import {
  answersIssues,
  initialAnswers,
  inspectionFacts,
  isAnswered,
  toTimeStep,
} from '@stormline/domain/questionnaire-rules';
import type { FieldIssue } from '@stormline/domain/region';
import type { Answers } from '@stormline/domain/questionnaire-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, inspectionLogStep } from '../../lib/inspection-context';
import { POST_STORM_MESSAGES, postStormQuestions, readPostStormProjects } from '../../lib/post-storm';

const route = projectsRoutes.createPostStormInspections;

/**
 * Saves the post-storm bulk entry (spec 002 §2, §4, §5): every project's answers are checked
 * first (all required, each valid for its question, the creation rule), so a refusal names the
 * project and creates nothing; then one Post Storm inspection per project, each in its own
 * transaction, with the answers given and the usual starting answers for the rest.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const ids = body.items.map((i) => i.project_id);
  if (new Set(ids).size !== ids.length) throw new ValidationError('Each project may be entered once');
  const projects = await readPostStormProjects(deps, caller, divisionId!, ids);
  const now = deps.now();
  const issues: FieldIssue[] = [];
  const plans = body.items.map((entry, index) => {
    const item = {
      answers: Object.fromEntries(entry.answers.map((a) => [a.questionId, a.value])) as Answers,
    };
    const { project, version } = projects[index]!;
    const questions = version ? postStormQuestions(version) : [];
    const path = `items.${index}`;
    if (project.archivedAt)
      throw new ConflictError(`${project.name}: This project is archived and can no longer be changed.`);
    if (!version || questions.length === 0)
      throw new ValidationError(`${project.name}: ${POST_STORM_MESSAGES.noQuestions}`);
    const counters = project as typeof project & { openInspectionCount?: number };
    const refusal = createInspectionRefusal(counters.openInspectionCount ?? 0, version.kind);
    if (refusal) throw new ConflictError(`${project.name}: ${refusal}`);
    const asked = new Set(questions.map((q) => q.id));
    for (const question of questions)
      if (!isAnswered(item.answers[question.id] ?? null))
        issues.push({ path: `${path}.answers.${question.id}`, message: POST_STORM_MESSAGES.allRequired });
    for (const key of Object.keys(item.answers))
      if (!asked.has(key))
        issues.push({
          path: `${path}.answers.${key}`,
          message: 'This question is not a post-storm question',
        });
    const nowLocal = localDateTime(project.timezone, now);
    issues.push(
      ...answersIssues(version, item.answers, { nowLocal }).map((i) => ({ ...i, path: `${path}.${i.path}` })),
    );
    return { project, version, nowLocal, answers: item.answers };
  });
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues);

  const actor = actorOf(caller);
  const created = [];
  for (const plan of plans) {
    const answers = {
      ...initialAnswers(plan.version!, { nowLocal: plan.nowLocal, type: 'Post Storm', userName: actor.name }),
      ...plan.answers,
    };
    const facts = inspectionFacts(plan.version!, answers, {
      created_date: toTimeStep(plan.nowLocal),
      type: 'Post Storm',
    });
    const open = await listOpenFindingsOfProject(deps.db, divisionId!, plan.project.id);
    const inspection = await createInspection(
      deps.db,
      {
        divisionId: divisionId!,
        projectId: plan.project.id,
        type: facts.type,
        created_date: facts.created_date,
        inspectorId: caller.user.id,
        createdBy: caller.user.id,
        version: plan.version!,
        answers,
        carried: open.map((f) => ({ findingId: f.id, number: f.number, typeCode: f.typeCode })),
      },
      (inspection) => [
        inspectionLogStep({ db: deps.db, now: () => now }, actor, inspection, 'created', [
          { field: 'type', from: null, to: inspection.type },
          { field: 'entered', from: null, to: 'post-storm bulk entry' },
        ]),
      ],
      now,
    );
    created.push({ id: inspection.id, project_id: plan.project.id, number: inspection.number });
  }
  return { status: 201, body: { inspections: created } };
}

export const handler = httpRoute(route, main);
