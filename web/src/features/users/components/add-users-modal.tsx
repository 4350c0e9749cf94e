import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Skeleton,
  Stack,
  Stepper,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type * as z from 'zod/mini';
import { CreateUsersBody } from '@stormline/contract/areas/users';
import { ServerError } from '../../../components/server-error';
import { useServerSubmit } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { useCreationOptions } from '../api/creation-options';
import { useCreateUsers } from '../api/create-users';
import { AddUsersAssignments } from './add-users-assignments';
import { EmailEntry } from './email-entry';

type Values = z.input<typeof CreateUsersBody>;
type Output = z.output<typeof CreateUsersBody>;

/** Step 1's fields, checked before step 2 opens. */
const DETAILS: readonly (keyof Values)[] = ['emails', 'roleId', 'divisionIds', 'position', 'managerUserId'];
const FIELDS: readonly (keyof Values)[] = [...DETAILS, 'clients', 'projects'];

interface Props {
  divisionId: string;
  divisionName: string;
  onClose: () => void;
}

/** The first message of a field that holds a list: the list's own, else its first item's. */
function listMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const item of Object.values(error)) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/**
 * Add Users (spec 001 §2): step 1 the details (emails, role, divisions; position and, for the
 * roles that keep one, the manager), step 2 the clients and projects, then Create. Mounted per
 * opening, so each starts empty.
 */
function AddUsersForm({ divisionId, divisionName, onClose }: Props) {
  const [step, setStep] = useState(0);
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(CreateUsersBody),
    defaultValues: {
      emails: [],
      roleId: '',
      divisionIds: [divisionId],
      position: '',
      managerUserId: null,
      clients: [],
      projects: [],
    },
  });
  const { trigger: createUsers } = useCreateUsers(divisionId);
  const emails = useController({ control: form.control, name: 'emails' });
  const [roleId, divisionIds, managerUserId, clients, projects] = useWatch({
    control: form.control,
    name: ['roleId', 'divisionIds', 'managerUserId', 'clients', 'projects'],
  });
  const options = useCreationOptions(divisionId, { roleId: roleId || null });
  const inDivision = divisionIds.includes(divisionId);
  const { errors, isSubmitting } = form.formState;

  const { submit, serverError } = useServerSubmit(form, FIELDS, async (body) => {
    const wanted = inDivision ? body : { ...body, clients: [], projects: [] };
    try {
      const { users, notSent } = await createUsers(wanted);
      notifications.show(invitationNotice(users, notSent));
      onClose();
    } catch (error) {
      // A taken email (409) is about the emails of step 1: shown there, under the field.
      if (error instanceof ApiError && error.status === 409) {
        form.setError('emails', { type: 'server', message: error.message });
        setStep(0);
        return;
      }
      throw error;
    }
  });

  const next = async () => {
    if (await form.trigger([...DETAILS])) setStep(1);
  };
  const create = async (event?: React.BaseSyntheticEvent) => {
    await submit(event);
    if (DETAILS.some((name) => form.getFieldState(name).invalid)) setStep(0);
  };

  const roleOptions = options.data?.roles.map((role) => ({ value: role.id, label: role.name })) ?? [];
  const managerRole = roleId ? (options.data?.managerRole ?? null) : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (step === 0) void next();
        else void create(event);
      }}
    >
      <Stack gap="md">
        {/* On a phone the two steps stay on one line, without their descriptions. */}
        <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={setStep} wrap={false}>
          <Stepper.Step label="Details" description={narrow ? undefined : 'Emails, role, divisions'} />
          <Stepper.Step label="Clients and projects" description={narrow ? undefined : 'What they may see'} />
        </Stepper>

        {options.error && !options.data ? (
          <ServerError>{errorMessage(options.error)}</ServerError>
        ) : step === 0 ? (
          <Stack gap="sm">
            <EmailEntry
              value={emails.field.value}
              onChange={(value) => {
                emails.field.onChange(value);
                if (form.formState.errors.emails) void form.trigger('emails');
              }}
              onBlur={emails.field.onBlur}
              inputRef={emails.field.ref}
              error={listMessage(errors.emails)}
            />
            {!options.data ? (
              <Skeleton h={120} radius="sm" data-testid="add-users-loading" />
            ) : (
              <>
                <Select
                  label="Role"
                  placeholder="Choose a role"
                  withAsterisk
                  data={roleOptions}
                  value={roleId || null}
                  onChange={(value) => {
                    form.setValue('roleId', value ?? '', { shouldValidate: !!errors.roleId });
                    form.setValue('managerUserId', null);
                  }}
                  error={errors.roleId?.message}
                  searchable
                  nothingFoundMessage="No roles found"
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <MultiSelect
                  label="Divisions"
                  withAsterisk
                  data={options.data.divisions.map((division) => ({
                    value: division.id,
                    label: division.name,
                  }))}
                  value={divisionIds}
                  onChange={(value) =>
                    form.setValue('divisionIds', value, { shouldValidate: !!errors.divisionIds })
                  }
                  error={listMessage(errors.divisionIds)}
                  comboboxProps={{ withinPortal: true }}
                />
                {managerRole && (
                  <Select
                    label="Manager"
                    description={`Optional: their ${managerRole} in ${divisionName}.`}
                    placeholder="No manager"
                    data={options.data.managers.map((manager) => ({
                      value: manager.id,
                      label: manager.name,
                    }))}
                    value={managerUserId ?? null}
                    onChange={(value) => form.setValue('managerUserId', value)}
                    error={errors.managerUserId?.message}
                    clearable
                    searchable
                    nothingFoundMessage="No managers found"
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
                <TextInput
                  label="Position"
                  placeholder="Optional"
                  {...form.register('position')}
                  error={errors.position?.message}
                />
              </>
            )}
          </Stack>
        ) : (
          <AddUsersAssignments
            divisionId={divisionId}
            divisionName={divisionName}
            inDivision={inDivision}
            roleId={roleId || null}
            value={{ clients: clients ?? [], projects: projects ?? [] }}
            onChange={(value) => {
              form.setValue('clients', value.clients);
              form.setValue('projects', value.projects);
            }}
          />
        )}

        {serverError && <ServerError testId="add-users-error">{serverError.message}</ServerError>}

        <Group justify="space-between" gap="sm">
          {step === 0 ? (
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
          ) : (
            <Button variant="default" onClick={() => setStep(0)} disabled={isSubmitting}>
              Back
            </Button>
          )}
          <Button type="submit" loading={isSubmitting} disabled={!options.data}>
            {step === 0 ? 'Next' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const listed = (emails: string[]) =>
  emails.length <= 1 ? (emails[0] ?? '') : `${emails.slice(0, -1).join(', ')} and ${emails.at(-1)}`;

/**
 * What Create did, exactly: who was invited and, when the mail service failed part-way, whose
 * invitation e-mail did not go (they are in the list as invited; Re-invite sends it again).
 */
export function invitationNotice(users: { email: string }[], notSent: string[]) {
  const failed = new Set(notSent);
  const sent = users.map((user) => user.email).filter((email) => !failed.has(email));
  if (notSent.length === 0)
    return {
      color: 'teal',
      title: sent.length === 1 ? 'Invitation sent' : 'Invitations sent',
      message: `${listed(sent)} ${sent.length === 1 ? 'was' : 'were'} invited.`,
    };
  const notice = [
    sent.length > 0
      ? `${listed(sent)} ${sent.length === 1 ? 'was' : 'were'} invited.`
      : 'No invitation was sent.',
    `The invitation e-mail could not be sent to ${listed(notSent)}: they are listed as invited; use Re-invite to send it again.`,
  ].join(' ');
  return {
    color: 'orange',
    title: 'Some invitations were not sent',
    message: notice,
    autoClose: false,
  };
}

/** The Add Users modal; its form is mounted per opening. */
export function AddUsersModal({ opened, ...props }: Props & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Add Users" size="lg" radius="lg">
      {opened && <AddUsersForm {...props} />}
    </Modal>
  );
}
