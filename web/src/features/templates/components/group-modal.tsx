import { useEffect, useRef, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, SegmentedControl, Stack, TagsInput, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { QuestionGroupUpdate } from '@stormline/contract/template-editor';
import type * as z from 'zod/mini';
import {
  FormActions,
  FormServerError,
  TextareaField,
  TextField,
  useServerSubmit,
} from '../../../components/form';
import { useConfirmLeave, useUnsavedMark } from './unsaved-changes';

type GroupValues = z.input<typeof QuestionGroupUpdate>;

export interface GroupModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initial: GroupValues;
  onClose: () => void;
  onSubmit: (values: z.output<typeof QuestionGroupUpdate>) => Promise<void>;
}

/** Spec 002 §3 Question group: name, FORM or TABLE layout, description, and a TABLE group's headers. */
export function GroupModal({ opened, title, onClose, ...form }: GroupModalProps) {
  const confirmLeave = useConfirmLeave();
  // Whether the form holds edits at the moment the dialog is asked to close (Escape, Cancel, x).
  const changedRef = useRef<() => boolean>(() => false);
  const requestClose = () => confirmLeave(onClose, changedRef.current());
  return (
    <Modal opened={opened} onClose={requestClose} title={title} radius="lg" size="lg">
      {opened && <GroupForm onClose={onClose} onCancel={requestClose} changedRef={changedRef} {...form} />}
    </Modal>
  );
}

/** A dialog's form: Cancel asks like the dialog's close does, and the dialog can ask it whether it holds edits. */
export interface GuardedClose {
  onCancel: () => void;
  changedRef: RefObject<() => boolean>;
}

function GroupForm({
  initial,
  submitLabel,
  onClose,
  onCancel,
  changedRef,
  onSubmit,
}: Omit<GroupModalProps, 'opened' | 'title'> & GuardedClose) {
  const form = useForm<GroupValues, unknown, z.output<typeof QuestionGroupUpdate>>({
    resolver: zodResolver(QuestionGroupUpdate),
    defaultValues: initial,
  });
  useUnsavedMark('question-group', form.formState.isDirty);
  useEffect(() => {
    changedRef.current = () => JSON.stringify(form.getValues()) !== JSON.stringify(initial);
  });
  const { submit, serverError } = useServerSubmit(
    form,
    ['name', 'layout_type', 'description'],
    async (values) => {
      await onSubmit({
        ...values,
        // Headers belong to a TABLE group only: a group switched to FORM drops them.
        table_headers: values.layout_type === 'TABLE' ? (values.table_headers ?? []) : [],
      });
      form.reset(values);
      onClose();
    },
  );
  const layout = useWatch({ control: form.control, name: 'layout_type' });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextField control={form.control} name="name" label="Group name" withAsterisk data-autofocus />
        <Controller
          control={form.control}
          name="layout_type"
          render={({ field }) => (
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="group-layout-label">
                Layout
              </Text>
              <SegmentedControl
                aria-labelledby="group-layout-label"
                value={field.value}
                onChange={(value) => field.onChange(value)}
                data={[
                  { value: 'FORM', label: 'Form: questions side by side' },
                  { value: 'TABLE', label: 'Table: one row a question' },
                ]}
                fullWidth
                styles={{ label: { whiteSpace: 'normal' } }}
              />
            </Stack>
          )}
        />
        <TextareaField
          control={form.control}
          name="description"
          label="Description"
          description="Shown under the group's name"
          autosize
          minRows={2}
        />
        {layout === 'TABLE' && (
          <Controller
            control={form.control}
            name="table_headers"
            render={({ field, fieldState }) => (
              <TagsInput
                label="Table headers"
                description="The columns' titles, in order (at most 6). Press Enter after each."
                value={field.value ?? []}
                onChange={field.onChange}
                maxTags={6}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <FormServerError error={serverError} />
        <FormActions submitLabel={submitLabel} submitting={form.formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
