import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { getInspectionWithAnswers, saveAnswers } from '@stormline/data/inspections';
import { getTemplateVersion } from '@stormline/data/templates';
import { assertNoIssues } from '@stormline/domain/region';
import { localDateTime } from '@stormline/domain/local-date';
import { answersIssues, inspectionFacts, questionnaireStatus } from '@stormline/domain/questionnaire-rules';
import type { Answers } from '@stormline/domain/questionnaire-rules';
import { allQuestions } from '@stormline/domain/template-model';
import { findingArrayOffer, findingsOfInspection } from '../../lib/finding-offer';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import {
  actorOf,
  assertInspectionWritable,
  inspectionDetail,
  inspectionLogStep,
  readInspection,
} from '../../lib/inspection-context';

const route = inspectionsRoutes.updateInspection;

/**
 * Saves the questionnaire (spec 002 §2, §4; 0018): only while the inspection is editable; every
 * changed answer checked against its question in the pinned template version (types, options,
 * dates not in the future in the project's zone, 15-minute steps, the finding-array offer); the
 * status, date and type follow from the answers; the change log names each changed question.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertInspectionWritable(inspection, project);
  const [version, stored] = await Promise.all([
    getTemplateVersion(deps.db, divisionId!, inspection.templateId, inspection.templateVersion),
    getInspectionWithAnswers(deps.db, divisionId!, inspection.id),
  ]);
  const questions = new Map(allQuestions(version).map((q) => [q.id, q]));
  const changedAnswers: Answers = Object.fromEntries(body.answers.map((a) => [a.questionId, a.value]));
  const changedComments = new Map((body.comments ?? []).map((c) => [c.questionId, c.comment]));
  const asksFindings = body.answers.some(
    (a) => questions.get(a.questionId)?.question_type_id === 'finding_array',
  );
  const offer = asksFindings
    ? new Set(findingArrayOffer(inspection, await findingsOfInspection(deps, inspection)).map((f) => f.id))
    : undefined;
  assertNoIssues(
    answersIssues(version, changedAnswers, {
      nowLocal: localDateTime(project.timezone, deps.now()),
      findingOffer: offer,
    }),
  );

  const answers: Answers = { ...stored.answers.answers, ...changedAnswers };
  const comments = { ...stored.answers.comments };
  for (const [questionId, comment] of changedComments) {
    if (!questions.has(questionId)) continue;
    if (comment && comment.trim()) comments[questionId] = comment;
    else delete comments[questionId];
  }
  const facts = inspectionFacts(version, answers, inspection);
  const changes = [
    ...Object.entries(changedAnswers)
      .filter(([id, value]) => JSON.stringify(stored.answers.answers[id] ?? null) !== JSON.stringify(value))
      .map(([id, value]) => ({
        field: questions.get(id)!.input_label,
        from: stored.answers.answers[id] ?? null,
        to: value,
      })),
    ...[...changedComments.keys()]
      .filter((id) => questions.has(id) && (stored.answers.comments[id] ?? null) !== (comments[id] ?? null))
      .map((id) => ({
        field: `Comment: ${questions.get(id)!.input_label}`,
        from: stored.answers.comments[id] ?? null,
        to: comments[id] ?? null,
      })),
  ];
  const saved = await saveAnswers(
    deps.db,
    inspection,
    body.answersVersion,
    { answers, comments, status: questionnaireStatus(version, answers), ...facts },
    changes.length === 0
      ? []
      : [inspectionLogStep(deps, actorOf(caller), inspection, 'updated', changes, 'answers')],
  );
  return {
    inspection: await inspectionDetail(deps, caller, saved.inspection, project),
    answersVersion: saved.answersVersion,
  };
}

export const handler = httpRoute(route, main);
