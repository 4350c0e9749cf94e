import { questionsRoutes } from '@stormline/contract/areas/questions';
import { getInspectionWithAnswers } from '@stormline/data/inspections';
import { getTemplateVersion } from '@stormline/data/templates';
import { isInspectionEditable } from '@stormline/domain/inspection-rules';
import { localDateTime } from '@stormline/domain/local-date';
import { QUESTION_TYPES } from '@stormline/domain/template-model';
import { findingArrayOffer, findingsOfInspection } from '../../lib/finding-offer';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readInspection } from '../../lib/inspection-context';

const route = questionsRoutes.getInspectionQuestions;

/**
 * The questionnaire (spec 002 §2): the pinned template version's groups and questions, the
 * answers and comments with their version, whether the caller may change them, now in the
 * project's zone (dates may not be later), and what the finding-array question offers.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  const [version, stored, findings] = await Promise.all([
    getTemplateVersion(deps.db, divisionId!, inspection.templateId, inspection.templateVersion),
    getInspectionWithAnswers(deps.db, divisionId!, inspection.id),
    findingsOfInspection(deps, inspection),
  ]);
  return {
    template: {
      id: version.templateId,
      name: version.name,
      version: version.version,
      question_groups: version.question_groups,
    },
    questionTypes: QUESTION_TYPES.map((t) => ({ ...t })),
    answers: Object.entries(stored.answers.answers).map(([questionId, value]) => ({ questionId, value })),
    comments: Object.entries(stored.answers.comments).map(([questionId, comment]) => ({
      questionId,
      comment,
    })),
    answersVersion: stored.answers.version,
    editable: isInspectionEditable(inspection, project, caller.role.isReadOnly),
    nowLocal: localDateTime(project.timezone, deps.now()),
    findingOffer: findingArrayOffer(inspection, findings).map((f) => ({
      id: f.id,
      number: f.number,
      location: f.location,
      date_completed: f.date_completed,
      typeCode: f.typeCode,
    })),
  };
}

export const handler = httpRoute(route, main);
