import { expect } from 'vitest';
import { askedQuestions, type Answers } from '@stormline/domain/questionnaire-rules';
import type { Question, TemplateVersion } from '@stormline/domain/template-model';
import { sampleAnswer } from '@stormline/local/seed/sample-answers';
import type { call } from './api';

/** An API call as one signed-in user in one division (`call` with the token and division set). */
export type ApiAs = <T>(path: string, method?: string, body?: unknown) => ReturnType<typeof call<T>>;

interface Questionnaire {
  template: Pick<TemplateVersion, 'question_groups'>;
  answers: { questionId: string; value: unknown }[];
  answersVersion: number;
  nowLocal: string;
  findingOffer: { id: string }[];
}

/** A valid answer for a question today: the seed's sample answers, with dates not in the future. */
function answerFor(question: Question, q: Questionnaire): unknown {
  const day = q.nowLocal.slice(0, 10);
  if (question.question_type_id === 'datetime') return `${day}T00:00`;
  if (question.question_type_id === 'time') return '00:15';
  return sampleAnswer(question, { day, type: 'Routine', findingIds: q.findingOffer.map((f) => f.id) });
}

/** Answers every question an inspection asks (as the questions appear), so it becomes complete. */
export async function answerInFull(api: ApiAs, inspectionId: string): Promise<void> {
  const q = (await api<Questionnaire>(`/api/inspections/${inspectionId}/questions`)).body;
  const answers: Answers = Object.fromEntries(q.answers.map((a) => [a.questionId, a.value])) as Answers;
  for (let round = 0; round < 4; round++)
    for (const question of askedQuestions(q.template, answers))
      if (!(question.id in answers)) {
        const value = answerFor(question, q);
        if (value !== undefined) answers[question.id] = value as Answers[string];
      }
  const saved = await api(`/api/inspections/${inspectionId}`, 'PUT', {
    answersVersion: q.answersVersion,
    answers: Object.entries(answers).map(([questionId, value]) => ({ questionId, value })),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Signs the inspection group today (the signer must have consented to e-signatures). */
export async function signInspection(api: ApiAs, inspectionId: string): Promise<void> {
  const cert = await api<{ signatureGroups: { group: string; lines: { type: string }[] }[]; today: string }>(
    `/api/inspections/${inspectionId}/cert`,
  );
  const line = cert.body.signatureGroups.find((g) => g.group === 'inspection')!.lines[0]!.type;
  const signed = await api(`/api/inspections/${inspectionId}/cert/inspection`, 'POST', {
    lineType: line,
    date: cert.body.today,
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
}
