import { NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { configIssues, fieldsOfType, type ConfigValue } from '@stormline/domain/question-config';
import type { QuestionTypeId } from '@stormline/domain/template-model';

/** A question's settings as the form holds them: each field of its type, '' when empty (the default). */
export type SettingValues = Record<string, ConfigValue | ''>;

/** The form's settings of a question: its stored values, '' where it takes the default. */
export function settingValues(
  typeId: QuestionTypeId,
  stored: Readonly<Record<string, unknown>> | undefined,
): SettingValues {
  return Object.fromEntries(
    fieldsOfType(typeId).map((f) => [f.id, (stored?.[f.id] as ConfigValue | undefined) ?? '']),
  );
}

/** The issue of each setting, by field id (the domain's checks: bounds, minimum above maximum). */
export function settingIssues(typeId: QuestionTypeId, values: SettingValues): Record<string, string> {
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  return Object.fromEntries(configIssues(typeId, given).map((issue) => [issue.path, issue.message]));
}

/**
 * The answer settings of a question's type (docs/decisions/0036, "Question configuration"): a
 * placeholder and a maximum length for text, limits and decimal places for numbers, the minute
 * step of a time. Empty means the default, shown as the placeholder.
 */
export function AnswerSettings({
  typeId,
  values,
  issues,
  onChange,
}: {
  typeId: QuestionTypeId;
  values: SettingValues;
  issues: Record<string, string>;
  onChange: (values: SettingValues) => void;
}) {
  const fields = fieldsOfType(typeId);
  if (fields.length === 0) return null;
  const set = (id: string, value: ConfigValue | '') => onChange({ ...values, [id]: value });
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        Answer settings
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {fields.map((f) => {
          const common = {
            key: f.id,
            label: f.label,
            error: issues[f.id],
            placeholder: f.default === null ? 'None' : `Default: ${f.default}`,
          };
          if (f.choices)
            return (
              <Select
                {...common}
                data={f.choices.map(String)}
                value={values[f.id] === '' ? null : String(values[f.id])}
                onChange={(value) => set(f.id, value === null ? '' : Number(value))}
                clearable
              />
            );
          if (f.kind === 'text')
            return (
              <TextInput
                {...common}
                value={String(values[f.id] ?? '')}
                maxLength={f.max ?? undefined}
                onChange={(event) => set(f.id, event.currentTarget.value)}
              />
            );
          return (
            <NumberInput
              {...common}
              value={values[f.id] ?? ''}
              allowDecimal={f.kind === 'number'}
              onChange={(value) => set(f.id, value === '' ? '' : Number(value))}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
