import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerIssue } from '@stormline/domain/questionnaire-rules';
import type { AnswerValue } from '@stormline/domain/questionnaire-rules';
import type { Question, QuestionConfigValues, QuestionTypeId } from '@stormline/domain/template-model';
import { renderWithApp } from '../../testing/render';
import { QuestionField } from './question-field';

const NOW = '2026-03-10T14:20';
const question = (type: QuestionTypeId, config?: QuestionConfigValues): Question => ({
  id: 'q',
  input_label: 'The question',
  description: null,
  question_type_id: type,
  sort_order: 0,
  questionWidth: 100,
  required: false,
  features: [],
  options: [],
  ...(config ? { config } : {}),
});

/** One field as the questionnaire shows it: its error is answerIssue's for what was typed. */
function Field({ q }: { q: Question }) {
  const [value, setValue] = useState<AnswerValue>(null);
  return (
    <QuestionField
      question={q}
      value={value ?? undefined}
      onChange={setValue}
      readOnly={false}
      error={answerIssue(q, value, { nowLocal: NOW })}
      nowLocal={NOW}
      findingOffer={[]}
    />
  );
}

describe('the question configuration in the questionnaire (docs/decisions/0036)', () => {
  it('a text question shows its placeholder and stops at its maximum length', () => {
    renderWithApp(
      <Field q={question('text', { 'text.placeholder': 'e.g. Sunny', 'text.max_length': 20 })} />,
    );
    const input = screen.getByLabelText('The question');
    expect(input.getAttribute('placeholder')).toBe('e.g. Sunny');
    expect(input.getAttribute('maxlength')).toBe('20');
  });

  it('unconfigured, the limits it always had: 500 characters, 15-minute time steps', () => {
    renderWithApp(
      <>
        <Field q={{ ...question('text'), id: 't', input_label: 'Weather' }} />
        <Field q={{ ...question('time'), id: 'h', input_label: 'End time' }} />
      </>,
    );
    expect(screen.getByLabelText('Weather').getAttribute('maxlength')).toBe('500');
    expect(screen.getByLabelText('End time').getAttribute('step')).toBe(String(15 * 60));
  });

  it('a time question steps by its configured minutes', () => {
    renderWithApp(<Field q={question('time', { 'time.minute_step': 30 })} />);
    expect(screen.getByLabelText('The question').getAttribute('step')).toBe(String(30 * 60));
  });

  it('a number above its maximum says so, without changing what was typed', async () => {
    renderWithApp(<Field q={question('number', { 'number.min': 0, 'number.max': 10 })} />);
    const input = screen.getByLabelText('The question');
    await userEvent.type(input, '12');
    await userEvent.tab();
    expect((input as HTMLInputElement).value).toBe('12');
    expect(screen.getByText('Please enter a number of at most 10')).toBeTruthy();
  });
});
