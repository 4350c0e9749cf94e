import { useDeferredValue, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import * as z from 'zod/mini';
import { DEFAULT_LINE_LABELS, TEMPLATE_EDIT_MESSAGES } from '@stormline/domain/template-editing';
import { SIGNATURE_GROUP_TITLES, type SignatureGroup } from '@stormline/domain/template-model';
import { TEMPLATE_MESSAGES } from '@stormline/domain/template-rules';
import { actionError } from '../../../components/confirm-modal';
import { FormServerError, TextareaField, TextField, useServerSubmit } from '../../../components/form';
import { Markdown } from '../../../components/markdown';
import type { EditorTabProps, EditorView } from '../api/templates';
import { useConfirmLeave, useUnsavedMark } from './unsaved-changes';

const GROUP_TITLES = SIGNATURE_GROUP_TITLES;

/** What the server keeps of a group (SignaturesUpdate in the contract). */
const MAX_LINES = 10;
const MAX_ATTESTATIONS = 5;

const required = (message: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `At most ${max.toLocaleString('en-US')} characters`),
    );

/**
 * The signature editor's form: the server's rules with its words (spec 002 §5: 'Attestation
 * statement is required', 'Signature line role and user labels are required', a group keeps a
 * line). An attestation's id is `attestationId` here: react-hook-form's field arrays own `id`.
 */
const SignaturesForm = z.object({
  attestations: z
    .array(
      z.object({
        attestationId: z.optional(z.string()),
        content: required(TEMPLATE_MESSAGES.attestationRequired, 10_000),
      }),
    )
    .check(z.maxLength(MAX_ATTESTATIONS)),
  lines: z
    .array(
      z.object({
        type: z.optional(z.string()),
        label: z.string().check(z.trim(), z.maxLength(100, 'At most 100 characters')),
        roleFieldLabel: required(TEMPLATE_MESSAGES.lineLabels, 100),
        userFieldLabel: required(TEMPLATE_MESSAGES.lineLabels, 100),
      }),
    )
    .check(z.minLength(1, TEMPLATE_EDIT_MESSAGES.lastLine), z.maxLength(MAX_LINES)),
});
type SignaturesValues = z.input<typeof SignaturesForm>;
type SignaturesOutput = z.output<typeof SignaturesForm>;
type SignaturesControl = Control<SignaturesValues, unknown, SignaturesOutput>;

/** The groups a template signs in (spec 002 §2 "Certification"): inspection always, the others by flag. */
function groupsOf(content: EditorView['content']): SignatureGroup[] {
  return [
    'inspection',
    ...(content.has_acknowledgement ? (['acknowledgement'] as const) : []),
    ...(content.has_compliance_cert ? (['compliance'] as const) : []),
  ];
}

const attestationsOf = (content: EditorView['content'], group: SignatureGroup) =>
  content.attestations.filter((a) => a.signatureType === group).sort((a, b) => a.order - b.order);

/**
 * The editor's Certification tab (spec 002 §2, §4, §9): a card per signature group the template
 * has, each with its attestations (markdown) and signature lines, read until Edit; Add
 * Acknowledgement while the template has none (§9's text and labels); and whether the template has
 * a compliance certificate.
 */
export function CertificationTab({ view, edit, editable }: EditorTabProps) {
  const { content } = view;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <ComplianceSwitch view={view} edit={edit} editable={editable} />
        {editable && !content.has_acknowledgement && <AddAcknowledgement view={view} edit={edit} />}
      </Group>
      {groupsOf(content).map((group) => (
        <SignatureGroupCard key={group} group={group} view={view} edit={edit} editable={editable} />
      ))}
    </Stack>
  );
}

function ComplianceSwitch({ view, edit, editable }: EditorTabProps) {
  const confirmLeave = useConfirmLeave();
  const [busy, setBusy] = useState(false);
  const set = async (on: boolean) => {
    setBusy(true);
    try {
      await edit('updateTemplate', {
        params: { id: view.id },
        body: { name: view.content.name, has_compliance_cert: on },
      });
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: 'The compliance certificate was not changed',
        message: actionError(failure),
        autoClose: false,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      label="Compliance certificate"
      description="Signed once the findings required for certification are completed."
      checked={view.content.has_compliance_cert}
      disabled={!editable || busy}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        // Turning it off hides the compliance card, and any edits not saved in it.
        if (on) void set(true);
        else confirmLeave(() => void set(false));
      }}
      maw={420}
    />
  );
}

function AddAcknowledgement({ view, edit }: Pick<EditorTabProps, 'view' | 'edit'>) {
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await edit('updateTemplateAcknowledgement', { params: { id: view.id } });
      notifications.show({
        color: 'teal',
        title: 'Acknowledgement added',
        message: 'Its statement and signature line are the defaults: edit them in its card.',
      });
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: 'The acknowledgement was not added',
        message: actionError(failure),
        autoClose: false,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconPlus size={18} />} loading={busy} onClick={() => void add()}>
      Add Acknowledgement
    </Button>
  );
}

interface GroupProps extends EditorTabProps {
  group: SignatureGroup;
}

/** One group, read; Edit turns the card into its form until Save or Cancel (spec 002 §4). */
function SignatureGroupCard({ group, view, edit, editable }: GroupProps) {
  const [editing, setEditing] = useState(false);
  const title = GROUP_TITLES[group];
  const attestations = attestationsOf(view.content, group);
  const lines = view.content.signature_groups[group] ?? [];
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-label={title}
      data-testid={`signatures-${group}`}
    >
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {editable && !editing && (
          <Button
            variant="default"
            size="compact-md"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={`Edit ${title}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        )}
      </Group>
      {editing ? (
        <SignaturesEditor group={group} view={view} edit={edit} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="sm">
          {attestations.length === 0 ? (
            <Text fz="sm" c="dimmed">
              No attestation
            </Text>
          ) : (
            attestations.map((a) => <Markdown key={a.id} source={a.content} fz="sm" />)
          )}
          {lines.length === 0 && (
            <Text fz="sm" c="dimmed">
              No signature lines
            </Text>
          )}
          {lines.map((line, index) => (
            <Paper key={line.type} p="sm" radius="md" bg="var(--mantine-color-gray-0)">
              <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {line.label ?? `Signature line ${index + 1}`}
              </Text>
              <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Role field: {line.roleFieldLabel} · User field: {line.userFieldLabel}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function valuesOf(content: EditorView['content'], group: SignatureGroup): SignaturesValues {
  const lines = content.signature_groups[group] ?? [];
  return {
    attestations: attestationsOf(content, group).map((a) => ({ attestationId: a.id, content: a.content })),
    lines:
      lines.length > 0
        ? lines.map((l) => ({
            type: l.type,
            label: l.label ?? '',
            roleFieldLabel: l.roleFieldLabel,
            userFieldLabel: l.userFieldLabel,
          }))
        : [{ label: '', ...DEFAULT_LINE_LABELS }],
  };
}

function SignaturesEditor({
  group,
  view,
  edit,
  onDone,
}: Pick<GroupProps, 'group' | 'view' | 'edit'> & { onDone: () => void }) {
  const title = GROUP_TITLES[group];
  const form = useForm<SignaturesValues, unknown, SignaturesOutput>({
    resolver: zodResolver(SignaturesForm),
    defaultValues: valuesOf(view.content, group),
  });
  useUnsavedMark(`signatures-${group}`, form.formState.isDirty);
  const attestations = useFieldArray({ control: form.control, name: 'attestations' });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const { submit, serverError } = useServerSubmit(form, [], async (values) => {
    await edit('updateTemplateSignatures', {
      params: { id: view.id },
      body: {
        group,
        // Each line keeps its type and each attestation its id: signatures already made fill them.
        lines: values.lines.map(({ type, label, roleFieldLabel, userFieldLabel }) => ({
          ...(type ? { type } : {}),
          label: label || null,
          roleFieldLabel,
          userFieldLabel,
        })),
        attestations: values.attestations.map(({ attestationId, content }) => ({
          ...(attestationId ? { id: attestationId } : {}),
          content,
        })),
      },
    });
    notifications.show({ color: 'teal', title: `${title} saved`, message: 'The draft has its new lines.' });
    form.reset(values);
    onDone();
  });
  const { isSubmitting } = form.formState;
  const lastLine = lines.fields.length <= 1;
  const lastLineHint = `signatures-${group}-last-line`;

  return (
    <form onSubmit={submit} noValidate aria-label={`${title} signatures`}>
      <Stack gap="md">
        <Stack gap="sm">
          <Title order={4} fz="md">
            Attestations
          </Title>
          {attestations.fields.length === 0 && (
            <Text fz="sm" c="dimmed">
              No attestation: signers see only the signature lines.
            </Text>
          )}
          {attestations.fields.map((field, index) => (
            <Paper key={field.id} withBorder radius="md" p="sm">
              <Stack gap="xs">
                <TextareaField
                  control={form.control}
                  name={`attestations.${index}.content`}
                  label={`Statement ${index + 1}`}
                  description="Markdown: **bold**, *italic*, lists and [links](https://example.com)."
                  withAsterisk
                  autosize
                  minRows={3}
                  maxRows={12}
                />
                <AttestationPreview control={form.control} index={index} />
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => attestations.remove(index)}
                  >
                    Remove statement {index + 1}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
          <Button
            variant="default"
            w="fit-content"
            leftSection={<IconPlus size={16} />}
            disabled={attestations.fields.length >= MAX_ATTESTATIONS}
            onClick={() => attestations.append({ content: '' })}
          >
            Add statement
          </Button>
        </Stack>

        <Stack gap="sm">
          <Title order={4} fz="md">
            Signature lines
          </Title>
          {lines.fields.map((field, index) => (
            <Paper
              key={field.id}
              withBorder
              radius="md"
              p="sm"
              role="group"
              aria-label={`Signature line ${index + 1}`}
            >
              <Stack gap="xs">
                <Group gap="sm" align="flex-start" wrap="wrap">
                  <TextField
                    control={form.control}
                    name={`lines.${index}.label`}
                    label="Label"
                    description="Optional"
                    style={{ flex: '1 1 180px' }}
                  />
                  <TextField
                    control={form.control}
                    name={`lines.${index}.roleFieldLabel`}
                    label="Role field label"
                    withAsterisk
                    style={{ flex: '1 1 180px' }}
                  />
                  <TextField
                    control={form.control}
                    name={`lines.${index}.userFieldLabel`}
                    label="User field label"
                    withAsterisk
                    style={{ flex: '1 1 180px' }}
                  />
                </Group>
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    disabled={lastLine}
                    aria-describedby={lastLine ? lastLineHint : undefined}
                    onClick={() => lines.remove(index)}
                  >
                    Delete line {index + 1}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
          {lastLine && (
            <Text id={lastLineHint} fz="xs" c="dimmed">
              {TEMPLATE_EDIT_MESSAGES.lastLine}.
            </Text>
          )}
          <Button
            variant="default"
            w="fit-content"
            leftSection={<IconPlus size={16} />}
            disabled={lines.fields.length >= MAX_LINES}
            onClick={() => lines.append({ label: '', ...DEFAULT_LINE_LABELS })}
          >
            Add line
          </Button>
        </Stack>

        <FormServerError error={serverError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The statement as signers will read it, following the typing (deferred, so typing stays quick). */
function AttestationPreview({ control, index }: { control: SignaturesControl; index: number }) {
  const source = useDeferredValue(useWatch({ control, name: `attestations.${index}.content` }) ?? '');
  return (
    <div>
      <Text fz="xs" fw={600} c="dimmed" mb={4}>
        Preview
      </Text>
      <Paper p="sm" radius="md" bg="var(--mantine-color-gray-0)" data-testid="attestation-preview">
        {source.trim() ? (
          <Markdown source={source} fz="sm" />
        ) : (
          <Text fz="sm" c="dimmed">
            Nothing to show yet
          </Text>
        )}
      </Paper>
    </div>
  );
}
