import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { answerLimits } from '@stormline/domain/question-config';
import type { AnswerValue } from '@stormline/domain/questionnaire-rules';
import {
  TEXT_ANSWER_MAX,
  TEXTAREA_ANSWER_MAX,
  TIME_STEP_MINUTES,
} from '@stormline/domain/questionnaire-rules';
import { mayBeInFuture } from '@stormline/domain/template-model';
import type { Question } from '@stormline/domain/template-model';
import type { questionsRoutes } from '@stormline/contract/areas/questions';
import type { ApiResponse } from '../../lib/api-client';

/** The open findings a Finding Array question may list (the inspection's questionnaire answers them). */
export type FindingOffer = ApiResponse<typeof questionsRoutes.getInspectionQuestions>['findingOffer'];

export interface FieldProps {
  question: Question;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  readOnly: boolean;
  error: string | null;
  nowLocal: string;
  findingOffer: FindingOffer;
  /** In a TABLE group the label is the row's first cell. */
  hideLabel?: boolean;
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** One question of the questionnaire, by its type (spec 002 §2), answered with the keyboard. */
export function QuestionField({
  question,
  value,
  onChange,
  readOnly,
  error,
  nowLocal,
  findingOffer,
  hideLabel,
}: FieldProps) {
  const label = hideLabel ? undefined : question.input_label;
  const ariaLabel = question.input_label;
  const common = {
    label,
    'aria-label': hideLabel ? ariaLabel : undefined,
    description: hideLabel ? undefined : (question.description ?? undefined),
    withAsterisk: question.required && !hideLabel,
    error,
    disabled: readOnly,
  };
  // The question's configuration (placeholder, length, range, decimals, minute step), as the
  // answer check (answerIssue) reads it; unconfigured, the limits the questionnaire always had.
  const limits = answerLimits(question);
  const placeholder = limits.placeholder ?? undefined;
  const options = question.options.map((o) => ({ value: o.id, label: o.name }));
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  switch (question.question_type_id) {
    case 'descriptive_text':
      return (
        <Stack gap={2}>
          <Text fw={600} fz="sm">
            {question.input_label}
          </Text>
          {question.description && (
            <Text fz="sm" c="dimmed">
              {question.description}
            </Text>
          )}
        </Stack>
      );
    case 'select':
      return (
        <Select {...common} data={options} value={text || null} onChange={(v) => onChange(v)} clearable />
      );
    case 'multiselect':
      return <MultiSelect {...common} data={options} value={list} onChange={(v) => onChange(v)} />;
    case 'radio_group':
      return (
        <Radio.Group {...common} value={text || null} onChange={(v) => onChange(v)}>
          <Group gap="md" mt={4}>
            {question.options.map((o) => (
              <Radio key={o.id} value={o.id} label={o.name} disabled={readOnly} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group {...common} value={list} onChange={(v) => onChange(v)}>
          <Group gap="md" mt={4}>
            {question.options.map((o) => (
              <Checkbox key={o.id} value={o.id} label={o.name} disabled={readOnly} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'boolean':
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(v) => onChange(v === 'yes')}
        >
          <Group gap="md" mt={4}>
            {YES_NO.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={readOnly} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'boolean_na':
      return (
        <Radio.Group {...common} value={text || null} onChange={(v) => onChange(v)}>
          <Group gap="md" mt={4}>
            {[...YES_NO, { value: 'na', label: 'N/A' }].map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={readOnly} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'single_checkbox':
      return (
        <Checkbox
          label={question.input_label}
          description={question.description ?? undefined}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          disabled={readOnly}
          error={error}
        />
      );
    case 'time':
      return (
        <TextInput
          {...common}
          type="time"
          step={(limits.minuteStep ?? TIME_STEP_MINUTES) * 60}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value || null)}
          w={180}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          max={mayBeInFuture(question) ? undefined : nowLocal.slice(0, 10)}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value || null)}
          w={200}
        />
      );
    case 'datetime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          step={TIME_STEP_MINUTES * 60}
          max={mayBeInFuture(question) ? undefined : nowLocal}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value || null)}
          w={260}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
          min={limits.min ?? undefined}
          max={limits.max ?? undefined}
          clampBehavior="none"
          decimalScale={limits.decimals ?? 2}
          allowDecimal={limits.decimals !== 0}
          w={200}
        />
      );
    case 'text':
      return (
        <TextInput
          {...common}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          placeholder={placeholder}
          maxLength={limits.maxLength ?? TEXT_ANSWER_MAX}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={2}
          placeholder={placeholder}
          maxLength={limits.maxLength ?? TEXTAREA_ANSWER_MAX}
        />
      );
    case 'finding_array':
      return (
        <Checkbox.Group {...common} value={list} onChange={(v) => onChange(v)}>
          <Stack gap={6} mt={4}>
            {findingOffer.length === 0 && (
              <Text fz="sm" c="dimmed">
                No findings available
              </Text>
            )}
            {findingOffer.map((f) => (
              <Checkbox
                key={f.id}
                value={f.id}
                disabled={readOnly}
                label={`${f.typeCode} #${f.number}: ${f.location}${f.date_completed ? ' (completed)' : ''}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
  }
}
