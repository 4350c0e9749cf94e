import { questionsRoutes } from '@stormline/contract/areas/questions';
import { changeLogStep } from '@stormline/data/changelog';
import { getInspectionWithAnswers, saveAnswers } from '@stormline/data/inspections';
import { getTemplateVersion } from '@stormline/data/templates';
import { NotFoundError } from '@stormline/domain/errors';
import { questionnaireStatus } from '@stormline/domain/questionnaire-rules';
import { allQuestions } from '@stormline/domain/template-model';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import {
  actorOf,
  assertInspectionWritable,
  inspectionLabel,
  readInspection,
} from '../../lib/inspection-context';

const route = questionsRoutes.createQuestionComment;

/** Sets the comment of one question (spec 002 §2 "Each question may hold a comment"), while editable. */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertInspectionWritable(inspection, project);
  const [version, stored] = await Promise.all([
    getTemplateVersion(deps.db, divisionId!, inspection.templateId, inspection.templateVersion),
    getInspectionWithAnswers(deps.db, divisionId!, inspection.id),
  ]);
  const question = allQuestions(version).find((q) => q.id === params.questionId);
  if (!question) throw new NotFoundError('Question not found');
  const comments = { ...stored.answers.comments, [question.id]: body.comment };
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
          changes: [
            {
              field: `Comment: ${question.input_label}`,
              from: stored.answers.comments[question.id] ?? null,
              to: body.comment,
            },
          ],
        },
        deps.now(),
      ),
    ],
  );
  return { questionId: question.id, comment: body.comment, answersVersion: saved.answersVersion };
}

export const handler = httpRoute(route, main);
