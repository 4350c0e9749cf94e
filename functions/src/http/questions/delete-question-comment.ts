import { questionsRoutes } from '@stormline/contract/areas/questions';
import { changeLogStep } from '@stormline/data/changelog';
import { getInspectionWithAnswers, saveAnswers } from '@stormline/data/inspections';
import { getTemplateVersion } from '@stormline/data/templates';
import { NotFoundError } from '@stormline/domain/errors';
import { questionnaireStatus } from '@stormline/domain/questionnaire-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import {
  actorOf,
  assertInspectionWritable,
  inspectionLabel,
  readInspection,
} from '../../lib/inspection-context';

const route = questionsRoutes.deleteQuestionComment;

/** Deletes the comment of one question, while the inspection is editable; the log keeps its text. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertInspectionWritable(inspection, project);
  const [version, stored] = await Promise.all([
    getTemplateVersion(deps.db, divisionId!, inspection.templateId, inspection.templateVersion),
    getInspectionWithAnswers(deps.db, divisionId!, inspection.id),
  ]);
  const previous = stored.answers.comments[params.questionId];
  if (previous === undefined) throw new NotFoundError('Comment not found');
  const { [params.questionId]: _removed, ...comments } = stored.answers.comments;
  const saved = await saveAnswers(
    deps.db,
    inspection,
    stored.answers.version,
    {
      answers: stored.answers.answers,
      comments,
      status: questionnaireStatus(version, stored.answers.answers),
      created_date: inspection.created_date,
      type: inspection.type,
    },
    [
      changeLogStep(
        deps.db,
        {
          divisionId: divisionId!,
          projectId: project.id,
          actor: actorOf(caller),
          entity: 'answers',
          entityId: inspection.id,
          label: inspectionLabel(inspection),
          action: 'updated',
          changes: [{ field: `Comment on question ${params.questionId}`, from: previous, to: null }],
        },
        deps.now(),
      ),
    ],
  );
  return { questionId: params.questionId, answersVersion: saved.answersVersion };
}

export const handler = httpRoute(route, main);
