import type { AnswerValue, Answers } from '@stormline/domain/questionnaire-rules';
import { isAnswered } from '@stormline/domain/questionnaire-rules';
import { OPTION_TYPES } from '@stormline/domain/template-model';
import type { Question, QuestionGroup, TemplateVersion } from '@stormline/domain/template-model';
import { html, type SafeHtml } from '../html';
import { printDate, printDateTime, printTime } from './format';

/**
 * The questionnaire as answered (spec 002 §2 Questionnaire, §9 layouts FORM and TABLE): every group
 * in order, each question with its answer in words and its comment; an option's child questions
 * under it, only while that option is chosen (as the inspector saw them).
 */

export interface QuestionnaireInput {
  version: Pick<TemplateVersion, 'question_groups'>;
  answers: Answers;
  comments: Record<string, string>;
  /** The findings a finding-array answer may name, by id: 'CA #3, North gate'. */
  findingLabels: ReadonlyMap<string, string>;
}

const NOT_ANSWERED = 'Not answered';

function optionNames(question: Question, value: AnswerValue): string[] {
  const ids = Array.isArray(value) ? value : [String(value)];
  return ids.map((id) => question.options.find((o) => o.id === id)?.name ?? id);
}

/** An answer in words, as the inspector chose it; null when unanswered. */
export function answerText(
  question: Question,
  value: AnswerValue | undefined,
  findingLabels: ReadonlyMap<string, string> = new Map(),
): string | null {
  if (value === undefined || !isAnswered(value)) return null;
  switch (question.question_type_id) {
    case 'select':
    case 'radio_group':
    case 'multiselect':
    case 'checkbox':
      return optionNames(question, value!).join(', ');
    case 'boolean':
    case 'single_checkbox':
      return value === true ? 'Yes' : 'No';
    case 'boolean_na':
      return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : 'N/A';
    case 'date':
      return printDate(String(value));
    case 'datetime':
      return printDateTime(String(value));
    case 'time':
      return printTime(String(value));
    case 'finding_array':
      return (Array.isArray(value) ? value : [])
        .map((id) => findingLabels.get(id) ?? 'Removed finding')
        .join('; ');
    case 'descriptive_text':
      return null;
    default:
      return String(value);
  }
}

/** The children of the options an answer chose (one level deep, spec 002 §2). */
function chosenChildren(question: Question, value: AnswerValue | undefined): Question[] {
  if (!OPTION_TYPES.includes(question.question_type_id) || value === undefined || !isAnswered(value))
    return [];
  const chosen = new Set(Array.isArray(value) ? value : [String(value)]);
  return question.options.filter((o) => chosen.has(o.id)).flatMap((o) => o.child_questions);
}

const bySortOrder = (questions: readonly Question[]) =>
  [...questions].sort((a, b) => a.sort_order - b.sort_order);

function answerCell(question: Question, input: QuestionnaireInput): SafeHtml {
  const text = answerText(question, input.answers[question.id], input.findingLabels);
  return text === null
    ? html`<span class="muted">${NOT_ANSWERED}</span>`
    : html`<span class="answer">${text}</span>`;
}

function commentOf(question: Question, input: QuestionnaireInput): SafeHtml | null {
  const comment = input.comments[question.id]?.trim();
  return comment ? html`<div class="comment"><b>Comment:</b> ${comment}</div>` : null;
}

/** One FORM question: its label, answer and comment, its width a share of the row; children below. */
function formQuestion(question: Question, input: QuestionnaireInput, depth: number): SafeHtml {
  const children = bySortOrder(chosenChildren(question, input.answers[question.id]));
  const width = depth > 0 ? 100 : Math.min(Math.max(question.questionWidth || 100, 10), 100);
  if (question.question_type_id === 'descriptive_text')
    return html`<div class="q" style="width:${width}%">
      <div class="q-label">${question.input_label}</div>
      ${question.description ? html`<p class="q-text">${question.description}</p>` : null}
    </div>`;
  return html`<div class="q${depth > 0 ? ' child' : ''}" style="width:${width}%">
    <div class="q-label">
      ${question.input_label}${question.required ? html`<span class="muted"> *</span>` : null}
    </div>
    <div class="q-answer">${answerCell(question, input)}</div>
    ${commentOf(question, input)} ${children.map((child) => formQuestion(child, input, depth + 1))}
  </div>`;
}

/** A TABLE group: one row per question (and per chosen child question, indented). */
function tableRows(question: Question, input: QuestionnaireInput, depth: number): SafeHtml[] {
  const children = bySortOrder(chosenChildren(question, input.answers[question.id]));
  const row = html`<tr>
    <td class="${depth > 0 ? 'child-cell' : ''}">${question.input_label}</td>
    <td>
      ${
        question.question_type_id === 'descriptive_text'
          ? html`<span class="q-text">${question.description ?? ''}</span>`
          : answerCell(question, input)
      }
    </td>
    <td><span class="q-text">${input.comments[question.id]?.trim() ?? ''}</span></td>
  </tr>`;
  return [row, ...children.flatMap((child) => tableRows(child, input, depth + 1))];
}

function groupSection(group: QuestionGroup, input: QuestionnaireInput): SafeHtml {
  const questions = bySortOrder(group.questions);
  const heads = [
    group.table_headers[0] || 'Question',
    group.table_headers[1] || 'Answer',
    group.table_headers[2] || 'Comment',
  ];
  return html`<section class="q-group">
    <h3>${group.name}</h3>
    ${group.description ? html`<p class="muted">${group.description}</p>` : null}
    ${
      group.layout_type === 'TABLE'
        ? html`<table class="q-table">
            <colgroup>
              <col style="width:45%" />
              <col style="width:25%" />
              <col style="width:30%" />
            </colgroup>
            <thead>
              <tr>
                ${heads.map((h) => html`<th>${h}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${questions.flatMap((q) => tableRows(q, input, 0))}
            </tbody>
          </table>`
        : html`<div class="q-form">${questions.map((q) => formQuestion(q, input, 0))}</div>`
    }
  </section>`;
}

export const QUESTIONNAIRE_CSS = `
.q-group { margin-bottom: 10pt; }
.q-form { display: flex; flex-wrap: wrap; border-top: 0.5pt solid #bbb; }
.q { padding: 4pt 6pt 4pt 0; border-bottom: 0.5pt solid #ddd; break-inside: avoid; }
.q.child { margin-left: 12pt; padding-left: 6pt; border-left: 1.5pt solid #ccc; border-bottom: none; }
.q-label { font-weight: bold; }
.q-answer, .answer, .comment, .q-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.comment { font-size: 9pt; color: #333; margin-top: 2pt; }
.q-table td { overflow-wrap: anywhere; } /* the spans inside keep an answer's own line breaks */
.child-cell { padding-left: 16pt; }
`;

/** The questionnaire of an inspection, every group in its order. */
export function questionnaireSection(input: QuestionnaireInput): SafeHtml {
  const groups = [...input.version.question_groups].sort((a, b) => a.order - b.order);
  return html`<section class="questionnaire">
    <h2>Questionnaire</h2>
    ${groups.length === 0 ? html`<p class="muted">This inspection form has no questions.</p>` : null}
    ${groups.map((g) => groupSection(g, input))}
  </section>`;
}
