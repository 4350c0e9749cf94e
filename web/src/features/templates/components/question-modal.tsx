import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QuestionUpdate } from '@stormline/contract/template-editor';
import { featuresOfType, PICKER_QUESTION_TYPES } from '@stormline/domain/template-editing';
import {
  FEATURE_LABELS,
  OPTION_TYPES,
  QUESTION_TYPES,
  type Question,
} from '@stormline/domain/template-model';
import type * as z from 'zod/mini';
import {
  CheckboxField,
  FormActions,
  FormServerError,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  useServerSubmit,
} from '../../../components/form';
import { fieldsOfType } from '@stormline/domain/question-config';
import { AnswerSettings, settingIssues, settingValues, type SettingValues } from './answer-settings';
import type { GuardedClose } from './group-modal';
import { useConfirmLeave, useUnsavedMark } from './unsaved-changes';

type QuestionValues = z.input<typeof QuestionUpdate>;
export type QuestionFields = z.output<typeof QuestionUpdate>;

/** The form's values for a question (a new one: a Text question, full width). */
export function questionValues(question: Question | null, groupId: string): QuestionValues {
  if (!question)
    return {
      question_type_id: 'text',
      input_label: '',
      description: null,
      questionWidth: null,
      required: false,
      features: [],
      options: [],
      may_be_future: false,
      groupId,
    };
  return {
    question_type_id: question.question_type_id,
    input_label: question.input_label,
    description: question.description,
    questionWidth: question.questionWidth === 100 ? null : question.questionWidth,
    required: question.required,
    features: question.features,
    options: question.options.map((o) => ({ id: o.id, name: o.name, description: o.description })),
    may_be_future: question.may_be_future ?? true,
    groupId,
  };
}

/** What the server is sent: only what the chosen type takes (options, features, the future-date switch). */
function fieldsFor(values: QuestionFields): QuestionFields {
  const type = values.question_type_id;
  const features = (values.features ?? []).filter((f) => featuresOfType(type).includes(f));
  const dated = type === 'date' || type === 'datetime';
  return {
    ...values,
    features,
    options: OPTION_TYPES.includes(type) ? values.options : [],
    may_be_future: dated && !features.includes('inspection_date') ? values.may_be_future : undefined,
  };
}

export interface QuestionModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initial: QuestionValues;
  /** A TABLE group's questions fill their row: no width. */
  tableLayout: boolean;
  /** The groups a top-level question may move to; none for a child question. */
  groups: { value: string; label: string }[];
  /** An existing question's answer settings, saved with it (a new question starts with its type's defaults). */
  settings?: { question: Question; onSave: (values: SettingValues) => Promise<void> };
  onClose: () => void;
  onSubmit: (values: QuestionFields) => Promise<void>;
}

/**
 * A question (spec 002 §2, §5): its type from the picker's list, label, description, width (not in a
 * TABLE group; empty means 100), required, the features its type may carry, its options (option
 * types), and the group it sits in.
 */
export function QuestionModal({ opened, title, onClose, ...form }: QuestionModalProps) {
  const confirmLeave = useConfirmLeave();
  // Whether the form holds edits at the moment the dialog is asked to close (Escape, Cancel, x).
  const changedRef = useRef<() => boolean>(() => false);
  const requestClose = () => confirmLeave(onClose, changedRef.current());
  return (
    <Modal opened={opened} onClose={requestClose} title={title} radius="lg" size="lg">
      {opened && <QuestionForm onClose={onClose} onCancel={requestClose} changedRef={changedRef} {...form} />}
    </Modal>
  );
}

function QuestionForm({
  initial,
  submitLabel,
  tableLayout,
  groups,
  settings,
  onClose,
  onCancel,
  changedRef,
  onSubmit,
}: Omit<QuestionModalProps, 'opened' | 'title'> & GuardedClose) {
  const storedType = settings?.question.question_type_id;
  const initialSettings = useMemo(
    () => (settings ? settingValues(settings.question.question_type_id, settings.question.config) : {}),
    [settings],
  );
  const [settingsValues, setSettingsValues] = useState<SettingValues>(initialSettings);
  const settingsChanged = JSON.stringify(settingsValues) !== JSON.stringify(initialSettings);
  const form = useForm<QuestionValues, unknown, QuestionFields>({
    resolver: zodResolver(QuestionUpdate),
    defaultValues: initial,
  });
  useUnsavedMark('question', form.formState.isDirty || settingsChanged);
  // keyName: the options' own `id` is what the server keeps them by; the array's keys go elsewhere.
  const options = useFieldArray({ control: form.control, name: 'options', keyName: 'key' });
  useEffect(() => {
    changedRef.current = () =>
      settingsChanged || JSON.stringify(form.getValues()) !== JSON.stringify(initial);
  });
  const { submit, serverError } = useServerSubmit(
    form,
    ['input_label', 'question_type_id', 'questionWidth', 'description'],
    async (values) => {
      if (keepsType && Object.keys(issues).length > 0) return;
      if (form.formState.isDirty || !settings) await onSubmit(fieldsFor(values));
      // A new type takes its own defaults on the server: its settings are edited once it is saved.
      if (settings && keepsType && settingsChanged) await settings.onSave(settingsValues);
      form.reset(values);
      onClose();
    },
  );
  const [type, watchedFeatures] = useWatch({ control: form.control, name: ['question_type_id', 'features'] });
  const keepsType = settings !== undefined && type === storedType;
  const issues = keepsType ? settingIssues(type, settingsValues) : {};
  const features = watchedFeatures ?? [];
  const offered = featuresOfType(type);
  // A question copied from a system template may have a type the picker leaves out: it keeps it.
  const types = PICKER_QUESTION_TYPES.some((t) => t.id === initial.question_type_id)
    ? PICKER_QUESTION_TYPES
    : [...PICKER_QUESTION_TYPES, ...QUESTION_TYPES.filter((t) => t.id === initial.question_type_id)];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SelectField
          control={form.control}
          name="question_type_id"
          label="Question type"
          withAsterisk
          allowDeselect={false}
          data={types.map((t) => ({ value: t.id, label: t.label }))}
        />
        <TextField control={form.control} name="input_label" label="Label" withAsterisk data-autofocus />
        <TextareaField control={form.control} name="description" label="Description" autosize minRows={1} />
        <Group grow align="flex-start">
          {!tableLayout && (
            <NumberField
              control={form.control}
              name="questionWidth"
              label="Width (%)"
              description="Of the row; empty means 100"
              placeholder="100"
              min={1}
              max={100}
              allowDecimal={false}
            />
          )}
          {groups.length > 1 && (
            <SelectField
              control={form.control}
              name="groupId"
              label="Group"
              allowDeselect={false}
              data={groups}
            />
          )}
        </Group>
        <CheckboxField control={form.control} name="required" label="Required" />
        {keepsType && (
          <AnswerSettings
            typeId={type}
            values={settingsValues}
            issues={issues}
            onChange={setSettingsValues}
          />
        )}
        {settings && !keepsType && fieldsOfType(type).length > 0 && (
          <Text fz="sm" c="dimmed">
            The answer settings of the new type start from their defaults: save, then edit them.
          </Text>
        )}
        {offered.length > 0 && (
          <Controller
            control={form.control}
            name="features"
            render={({ field }) => (
              <Checkbox.Group
                label="Features"
                description="What the answer gives the inspection"
                value={(field.value ?? []).filter((f) => offered.includes(f))}
                onChange={(value) => field.onChange(value)}
              >
                <Stack gap={6} mt={6}>
                  {offered.map((feature) => (
                    <Checkbox key={feature} value={feature} label={FEATURE_LABELS[feature]} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
        )}
        {(type === 'date' || type === 'datetime') && !features.includes('inspection_date') && (
          <CheckboxField
            control={form.control}
            name="may_be_future"
            label="The answer may be later than now"
          />
        )}
        {OPTION_TYPES.includes(type) && (
          <Stack gap={6}>
            <Text fz="sm" fw={500}>
              Options
            </Text>
            {options.fields.length === 0 && (
              <Text fz="sm" c="dimmed">
                No options yet: add the answers an inspector chooses from.
              </Text>
            )}
            {options.fields.map((option, index) => (
              <Group key={option.key} gap="xs" wrap="nowrap" align="flex-start">
                <Controller
                  control={form.control}
                  name={`options.${index}.name`}
                  render={({ field, fieldState }) => (
                    <TextInput
                      {...field}
                      aria-label={`Option ${index + 1}`}
                      placeholder={`Option ${index + 1}`}
                      error={fieldState.error?.message}
                      style={{ flex: 1 }}
                    />
                  )}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={36}
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() => options.remove(index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              size="compact-sm"
              w="fit-content"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => options.append({ name: '' })}
              disabled={options.fields.length >= 50}
            >
              Add option
            </Button>
          </Stack>
        )}
        <FormServerError error={serverError} />
        <FormActions submitLabel={submitLabel} submitting={form.formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
