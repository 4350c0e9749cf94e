import { notifications } from '@mantine/notifications';
import type { ScopedMutator } from 'swr';
import type { AnswerValue } from '@stormline/domain/questionnaire-rules';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { conflictsOf, PendingEditsStore, type FieldValue } from '../../../lib/pending-edits';
import { reloadQuestionnaire, saveInspection, type Questionnaire } from './inspections';

/**
 * The questionnaire's unsaved answers and comments (docs/decisions/0030): one store for the
 * whole app, so leaving the tab, coming back over a cached copy, or a fresh copy arriving while
 * the user types never loses or rebuilds what was typed.
 */
export const questionnaireEdits = new PendingEditsStore<FieldValue>('stormline.questionnaireEdits');

export const answerField = (questionId: string) => `answer:${questionId}`;
export const commentField = (questionId: string) => `comment:${questionId}`;

/** The server's copy as fields, the shape the edits are reconciled with. */
export function serverFields(data: Questionnaire): Record<string, FieldValue> {
  return {
    ...Object.fromEntries(data.answers.map((a) => [answerField(a.questionId), a.value])),
    ...Object.fromEntries(data.comments.map((c) => [commentField(c.questionId), c.comment])),
  };
}

/**
 * Answers kept by the version before 0030 (one localStorage draft per inspection) join the
 * edits once, so an upgrade loses nothing typed before it.
 */
export function adoptEarlierDraft(inspectionId: string, server: Record<string, FieldValue>, version: number) {
  const key = `stormline.inspectionDraft.${inspectionId}`;
  try {
    const text = window.localStorage.getItem(key);
    if (!text) return;
    window.localStorage.removeItem(key);
    const draft = JSON.parse(text) as {
      answersVersion: number;
      answers: Record<string, FieldValue>;
      comments: Record<string, FieldValue>;
    };
    const fields = {
      ...Object.fromEntries(Object.entries(draft.answers ?? {}).map(([id, v]) => [answerField(id), v])),
      ...Object.fromEntries(Object.entries(draft.comments ?? {}).map(([id, v]) => [commentField(id), v])),
    };
    for (const [field, value] of Object.entries(fields))
      questionnaireEdits.edit(
        inspectionId,
        field,
        value,
        server[field] ?? null,
        Math.min(version, draft.answersVersion),
      );
  } catch {
    // Unreadable: nothing to adopt.
  }
}

function bodyOf(fields: Record<string, FieldValue>) {
  const answers: { questionId: string; value: AnswerValue }[] = [];
  const comments: { questionId: string; comment: string | null }[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const [kind, questionId] = [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 1)];
    if (kind === 'answer') answers.push({ questionId, value: value as AnswerValue });
    else comments.push({ questionId, comment: (value as string | null) || null });
  }
  return { answers, comments };
}

/** What a refused save's toast tells the user to do, by what the fresh copy shows. */
function refusedSaveAdvice(inspectionId: string, fresh: Questionnaire | undefined, stale: boolean): string {
  if (fresh && !fresh.editable)
    return 'This inspection cannot be edited any more: your unsaved answers are shown so you can copy them.';
  if (conflictsOf(questionnaireEdits.get(inspectionId)).length > 0)
    return 'Your answers are kept: choose between yours and theirs where they differ.';
  if (stale && fresh)
    return 'Your answers are kept on the latest copy of the inspection: save again to keep them.';
  return 'Your answers are kept on this device until they are saved.';
}

/**
 * Saves what is settled (spec 002 §4: on Save and on leaving the screen), one save of an
 * inspection after another. A refused save keeps every answer pending and reads the inspection
 * again; when someone else saved meanwhile, the screen then shows both answers to choose from.
 */
export function saveQuestionnaire(
  divisionId: string,
  inspectionId: string,
  { quiet, cache }: { quiet: boolean; cache: ScopedMutator },
) {
  return questionnaireEdits.serialize(inspectionId, async () => {
    const batch = questionnaireEdits.beginSave(inspectionId);
    if (!batch) return;
    const id = `save-${inspectionId}`;
    if (!quiet)
      notifications.show({ id, loading: true, title: 'Saving inspection', message: '', autoClose: false });
    try {
      const saved = await saveInspection(
        divisionId,
        inspectionId,
        {
          answersVersion: batch.baseVersion,
          ...bodyOf(batch.fields),
        },
        cache,
      );
      questionnaireEdits.saved(inspectionId, saved.answersVersion);
      const done = { color: 'teal', title: 'Inspection saved!', message: '', autoClose: 2000 } as const;
      if (quiet) notifications.show(done);
      else notifications.update({ id, loading: false, ...done });
    } catch (failure) {
      const stale = failure instanceof ApiError && failure.status === 409;
      questionnaireEdits.failed(inspectionId, { stale });
      notifications.hide(id);
      // Spec 002 §8: a persistent toast, then the inspection reloads. What was typed stays, and
      // the toast says what the user can do with it now that the server's copy is read again.
      const fresh = await reloadQuestionnaire(divisionId, inspectionId, cache).catch(() => undefined);
      if (fresh) questionnaireEdits.reconcile(inspectionId, serverFields(fresh), fresh.answersVersion);
      notifications.show({
        color: 'red',
        title: `Cannot save inspection because of error: ${errorMessage(failure, 'Unknown Error')}`,
        message: refusedSaveAdvice(inspectionId, fresh, stale),
        autoClose: false,
      });
    }
  });
}
