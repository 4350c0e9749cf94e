import { getInspectionWithAnswers, saveAnswers } from '@stormline/data/inspections';
import { getTemplateVersion } from '@stormline/data/templates';
import { NotFoundError } from '@stormline/domain/errors';
import { questionnaireStatus } from '@stormline/domain/questionnaire-rules';
import { allQuestions } from '@stormline/domain/template-model';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { actorOf, assertInspectionWritable, inspectionLogStep, readInspection } from './inspection-context';

/**
 * Sets (a text) or deletes (null) the comment of one question of an inspection, while it is
 * editable, through the answers' one writer, logged; answers the answers' new version.
 */
export async function setQuestionComment(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  inspectionId: string,
  questionId: string,
  comment: string | null,
): Promise<number> {
  const { inspection, project } = await readInspection(deps, caller, divisionId, inspectionId);
  assertInspectionWritable(inspection, project);
  const [version, stored] = await Promise.all([
    getTemplateVersion(deps.db, divisionId, inspection.templateId, inspection.templateVersion),
    getInspectionWithAnswers(deps.db, divisionId, inspection.id),
  ]);
  const question = allQuestions(version).find((q) => q.id === questionId);
  if (!question) throw new NotFoundError('Question not found');
  const previous = stored.answers.comments[questionId] ?? null;
  if (comment === null && previous === null) throw new NotFoundError('Comment not found');
  const { [questionId]: _replaced, ...others } = stored.answers.comments;
  const saved = await saveAnswers(
    deps.db,
    inspection,
    stored.answers.version,
    {
      answers: stored.answers.answers,
      comments: comment === null ? others : { ...others, [questionId]: comment },
      status: questionnaireStatus(version, stored.answers.answers),
      created_date: inspection.created_date,
      type: inspection.type,
    },
    [
      inspectionLogStep(
        deps,
        actorOf(caller),
        inspection,
        'updated',
        [{ field: `Comment: ${question.input_label}`, from: previous, to: comment }],
        'answers',
      ),
    ],
  );
  return saved.answersVersion;
}
