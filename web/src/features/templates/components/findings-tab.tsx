import { useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  type SwitchProps,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import * as z from 'zod/mini';
import { FindingTypeCreate, FindingTypeUpdate } from '@stormline/contract/template-editor';
import { ValidationError } from '@stormline/domain/errors';
import { addFindingType, updateFindingType } from '@stormline/domain/template-editing';
import { DEFAULT_FINDING_COLOR } from '@stormline/domain/template-model';
import { TEMPLATE_MESSAGES } from '@stormline/domain/template-rules';
import { actionError, ConfirmModal } from '../../../components/confirm-modal';
import stacked from '../../../components/data-table/stacked-table.module.css';
import { FormServerError, TextField, useServerSubmit } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import type { EditorTabProps, TemplateContent } from '../api/templates';
import { useUnsavedMark } from './unsaved-changes';

type FindingType = TemplateContent['finding_types'][number];
type Details = FindingType['details'];
type DetailsChange = Partial<Pick<Details, 'is_enabled' | 'is_required_for_cert' | 'color'>>;

const COLUMNS = {
  name: 'Name',
  code: 'Code',
  color: 'Colour',
  include: 'Include',
  cert: 'Required for certification',
} as const;

/**
 * The editor's Findings tab (spec 002 §2, §4, §5): the template's finding types with their colour,
 * Include (the type can be chosen for a finding) and Required for certification (its open findings
 * hold back the compliance certification), added, changed and deleted one call at a time. The
 * domain's rules (updateFindingType, addFindingType) answer first, with the server's words; the
 * server has the last say, since another author may have changed the draft meanwhile.
 */
export function FindingsTab({ view, edit, editable }: EditorTabProps) {
  const [deleting, setDeleting] = useState<FindingType | null>(null);
  const types = view.content.finding_types;
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        Include: inspectors can record findings of the type. Required for certification: the compliance
        certification cannot be signed while findings of the type are open.
      </Text>
      {/* On a phone each type is a card (stacked-table.module.css, docs/decisions/0024). */}
      <Table.ScrollContainer
        type="native"
        minWidth={320}
        className={stacked.stacked}
        classNames={{ scrollContainerInner: stacked.inner }}
      >
        <Table aria-label="Finding types" verticalSpacing="sm" data-testid="finding-types">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>{COLUMNS.name}</Table.Th>
              <Table.Th>{COLUMNS.color}</Table.Th>
              <Table.Th>{COLUMNS.include}</Table.Th>
              <Table.Th>{COLUMNS.cert}</Table.Th>
              {editable && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={editable ? 5 : 4}>
                  <Text ta="center" c="dimmed" py="lg">
                    No finding types
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {types.map((type) => (
              <FindingTypeRow
                key={type.id}
                type={type}
                content={view.content}
                edit={edit}
                editable={editable}
                onDelete={() => setDeleting(type)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editable && <AddFindingType view={view} edit={edit} />}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete finding type"
        confirmLabel="Delete"
        requireUnderstanding
        onConfirm={async () => {
          if (!deleting) return;
          await edit('deleteFindingType', { body: { id: deleting.id } });
          notifications.show({
            color: 'teal',
            title: 'Finding type deleted',
            message: `${deleting.name} is no longer a finding type of the draft.`,
          });
          setDeleting(null);
        }}
      >
        Delete the finding type <b>{deleting?.name}</b>? Inspections on published versions keep theirs; new
        ones will not offer it once the draft is published.
      </ConfirmModal>
    </Stack>
  );
}

interface RowProps {
  type: FindingType;
  content: TemplateContent;
  edit: EditorTabProps['edit'];
  editable: boolean;
  onDelete: () => void;
}

function FindingTypeRow({ type, content, edit, editable, onDelete }: RowProps) {
  /** What the row shows while its change is on its way: the domain's answer to it. */
  const [pending, setPending] = useState<Details | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** A colour typed or picked and not saved yet. */
  const [colorDraft, setColorDraft] = useState<string | null>(null);
  const details = pending ?? type.details;
  const busy = pending !== null;
  const colorDirty = colorDraft !== null && colorDraft.toLowerCase() !== type.details.color.toLowerCase();
  useUnsavedMark(`finding-type-color-${type.id}`, colorDirty);
  const errorId = `finding-type-error-${type.id}`;

  const change = async (input: DetailsChange) => {
    setError(null);
    let expected: Details;
    try {
      const next = updateFindingType(content, type.id, input);
      expected = next.finding_types.find((t) => t.id === type.id)?.details ?? type.details;
    } catch (failure) {
      if (!(failure instanceof ValidationError)) throw failure;
      setError(failure.message);
      return;
    }
    setPending(expected);
    try {
      await edit('updateFindingType', { body: { id: type.id, ...input } });
      if (input.color !== undefined) setColorDraft(null);
    } catch (failure) {
      setError(actionError(failure));
    } finally {
      setPending(null);
    }
  };

  const saveColor = () => {
    const value = colorDraft;
    if (value === null || busy || value.toLowerCase() === type.details.color.toLowerCase()) return;
    const parsed = FindingTypeUpdate.safeParse({ id: type.id, color: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The colour is not valid');
      return;
    }
    void change({ color: value });
  };

  return (
    <Table.Tr data-testid="finding-type-row" aria-describedby={error ? errorId : undefined}>
      <Table.Td data-label={COLUMNS.name}>
        <Stack gap={4}>
          <Text fz="sm" fw={500} style={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>
            {type.name}
          </Text>
          {/* The code under the name: what keys and counts use ('CA', 'MI', 'A', or the name). */}
          <Group gap={6} wrap="wrap">
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {COLUMNS.code} {type.code}
            </Text>
            {type.is_static_type && (
              <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
                Static
              </Badge>
            )}
          </Group>
          {error && (
            <Text id={errorId} fz="xs" c="red.8" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-label={COLUMNS.color}>
        {editable ? (
          <ColorInput
            aria-label={`Colour of ${type.name}`}
            // The browser's eye dropper button has no name of its own; the hex box and swatches do the work.
            withEyeDropper={false}
            format="hex"
            size="sm"
            w={116}
            value={colorDraft ?? type.details.color}
            disabled={busy}
            // Saved on leaving the box or Enter: a colour half typed is not one to save (nor to reset).
            fixOnBlur={false}
            onChange={setColorDraft}
            onBlur={() => saveColor()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveColor();
            }}
          />
        ) : (
          <Group gap={8} wrap="nowrap">
            <ColorSwatch color={type.details.color} size={20} aria-hidden />
            <Text fz="sm">{type.details.color.toUpperCase()}</Text>
          </Group>
        )}
      </Table.Td>
      <Table.Td data-label={COLUMNS.include}>
        <Switch
          aria-label={`Include ${type.name}`}
          checked={details.is_enabled}
          disabled={!editable || busy}
          onChange={(event) => void change({ is_enabled: event.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td data-label={COLUMNS.cert}>
        <Switch
          aria-label={`${type.name} required for certification`}
          checked={details.is_required_for_cert}
          // Spec 002 §4: requiring certification needs Include, so it is not offered without it.
          disabled={!editable || busy || !details.is_enabled}
          description={editable && !details.is_enabled ? TEMPLATE_MESSAGES.includeForCert : undefined}
          onChange={(event) => void change({ is_required_for_cert: event.currentTarget.checked })}
        />
      </Table.Td>
      {editable && (
        <Table.Td>
          {!type.is_static_type && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              aria-label={`Delete ${type.name}`}
              disabled={busy}
              onClick={onDelete}
            >
              Delete
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** The add form: the contract's body without the template, which is the page's. */
const AddFields = z.omit(FindingTypeCreate, { inspection_template_id: true });
type AddValues = z.input<typeof AddFields>;
type AddOutput = z.output<typeof AddFields>;

const NEW_TYPE: AddValues = {
  name: '',
  color: DEFAULT_FINDING_COLOR,
  is_enabled: true,
  is_required_for_cert: false,
};

/** Spec 002 §5 and §9: a new type's name (unique in the template), colour #2FF363, Include on. */
function AddFindingType({ view, edit }: Pick<EditorTabProps, 'view' | 'edit'>) {
  const form = useForm<AddValues, unknown, AddOutput>({
    resolver: zodResolver(AddFields),
    defaultValues: NEW_TYPE,
  });
  useUnsavedMark('finding-type-add', form.formState.isDirty);
  const nameTaken = (message: string) => {
    form.setError('name', { type: 'server', message }, { shouldFocus: true });
  };
  const { submit, serverError } = useServerSubmit(form, ['name', 'color'], async (values) => {
    try {
      addFindingType(view.content, 'new', values);
    } catch (failure) {
      if (failure instanceof ValidationError && failure.message === TEMPLATE_MESSAGES.duplicateFindingType)
        return nameTaken(failure.message);
      throw failure;
    }
    try {
      await edit('createFindingType', { body: { ...values, inspection_template_id: view.id } });
    } catch (failure) {
      // The server's answer when another author added the name meanwhile: it belongs to the field.
      if (failure instanceof ApiError && failure.message === TEMPLATE_MESSAGES.duplicateFindingType)
        return nameTaken(failure.message);
      throw failure;
    }
    notifications.show({
      color: 'teal',
      title: 'Finding type added',
      message: `${values.name} is a finding type of the draft.`,
    });
    form.reset(NEW_TYPE);
  });
  const { isSubmitting } = form.formState;

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate aria-labelledby="add-finding-type-title">
        <Stack gap="sm">
          <Title order={3} fz="md" id="add-finding-type-title">
            Add finding type
          </Title>
          <Group gap="md" align="flex-start" wrap="wrap">
            <TextField
              control={form.control}
              name="name"
              label="Name"
              placeholder="e.g. Sediment"
              withAsterisk
              style={{ flex: '1 1 200px' }}
            />
            <ColorField control={form.control} />
          </Group>
          <NewTypeSwitches
            control={form.control}
            setRequired={(on) => form.setValue('is_required_for_cert', on)}
          />
          <FormServerError error={serverError} />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconPlus size={18} />} loading={isSubmitting}>
              Add finding type
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

type AddControl = Control<AddValues, unknown, AddOutput>;

function ColorField({ control }: { control: AddControl }) {
  const {
    field: { ref, ...input },
    fieldState,
  } = useController({ control, name: 'color' });
  return (
    <ColorInput
      label="Colour"
      withEyeDropper={false}
      format="hex"
      w={160}
      ref={ref}
      name={input.name}
      value={input.value ?? DEFAULT_FINDING_COLOR}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** A switch bound to one of the new type's flags; `onToggle` runs after the field changes. */
function FlagSwitch({
  control,
  name,
  onToggle,
  ...props
}: {
  control: AddControl;
  name: 'is_enabled' | 'is_required_for_cert';
  onToggle?: (on: boolean) => void;
} & Omit<SwitchProps, 'checked' | 'onChange' | 'name'>) {
  const {
    field: { ref, ...input },
  } = useController({ control, name });
  return (
    <Switch
      {...props}
      ref={ref}
      name={input.name}
      checked={input.value === true}
      onBlur={input.onBlur}
      onChange={(event) => {
        input.onChange(event.currentTarget.checked);
        onToggle?.(event.currentTarget.checked);
      }}
    />
  );
}

/** Include and Required for certification of the new type, under the same rule as a saved one's. */
function NewTypeSwitches({
  control,
  setRequired,
}: {
  control: AddControl;
  setRequired: (on: boolean) => void;
}) {
  const included = useWatch({ control, name: 'is_enabled' }) === true;
  return (
    <Group gap="xl" wrap="wrap">
      <FlagSwitch
        control={control}
        name="is_enabled"
        label={COLUMNS.include}
        // Turning Include off clears the requirement (spec 002 §4).
        onToggle={(on) => {
          if (!on) setRequired(false);
        }}
      />
      <FlagSwitch
        control={control}
        name="is_required_for_cert"
        label={COLUMNS.cert}
        disabled={!included}
        description={included ? undefined : TEMPLATE_MESSAGES.includeForCert}
      />
    </Group>
  );
}
