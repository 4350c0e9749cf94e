import { useEffect, useMemo } from 'react';
import { useController, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { MultiSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import * as z from 'zod/mini';
import { withRegion } from '@stormline/contract/address';
import { UpdateUserBody } from '@stormline/contract/areas/users';
import { phoneIssues, type Region } from '@stormline/domain/region';
import { managerRoleOf, mayManageRole } from '@stormline/domain/user-rules';
import { NameFields, PhoneFields, PositionField, SelectField, TextField } from '../../../components/form';
import { errorMessage } from '../../../lib/errors';
import type { ManagerOptions, RoleOption, UserDetail } from '../api/get-user';
import { keepsManager } from './edit-user-state';
import { managerOf } from './user-admin-rules';

/** The form's fields: the save's body without the version, clients and projects (held beside it). */
export const EditUserFields = z.omit(UpdateUserBody, { version: true, clients: true, projects: true });
export type EditUserValues = z.input<typeof EditUserFields>;
export type EditUserOutput = z.output<typeof EditUserFields>;

/** The contract's schema with the region's phone rule: required (xxx) xxx-xxxx in the US, optional in the UK. */
export function editUserSchema(region: Region) {
  return withRegion(EditUserFields, (values) => phoneIssues(region, values.phone));
}

export const EDIT_USER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'phone_ext',
  'position',
  'roleId',
  'ccrNumber',
  'peNumber',
  'divisionIds',
  'managerUserId',
] as const;

/** The form's start: the user as read; divisions only those the editor may change (the server keeps the others). */
export function valuesOf(user: UserDetail, ownDivisionIds: readonly string[]): EditUserValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.address.phone ?? '',
    phone_ext: user.address.phone_ext ?? '',
    position: user.position ?? '',
    roleId: user.roleId,
    ccrNumber: user.ccrNumber ?? '',
    peNumber: user.peNumber ?? '',
    divisionIds: user.divisionIds.filter((id) => ownDivisionIds.includes(id)),
    managerUserId: user.managerUserId,
  };
}

interface DetailsProps {
  control: Control<EditUserValues, unknown, EditUserOutput>;
  setValue: UseFormSetValue<EditUserValues>;
  user: UserDetail;
  roles: RoleOption[];
  /** The signed-in user: which roles they may give, and whether this is their own record. */
  editor: Parameters<typeof managerOf>[0] & { id: string; divisions: { id: string; name: string }[] };
  region: Region;
  managers: { options: ManagerOptions | undefined; loading: boolean; error: unknown };
}

/**
 * Spec 001 §2 and §5, the user form of Edit User: name, email, phone and extension by the region's
 * rules, position, role (editable, but never one's own), divisions, the manager by the hierarchy,
 * and the CCR and PE numbers.
 */
export function EditUserDetails({ control, setValue, user, roles, editor, region, managers }: DetailsProps) {
  const roleId = useWatch({ control, name: 'roleId' });
  const managerUserId = useWatch({ control, name: 'managerUserId' });
  const roleName = roles.find((r) => r.id === roleId)?.name;
  const ownRecord = user.id === editor.id;
  const manager = roleName ? managerRoleOf(roleName) : null;

  // The role options: those the editor may give (every permission of the role is theirs, the
  // server's rule), and the user's own role (shown even when not).
  const roleData = useMemo(() => {
    const self = managerOf(editor);
    return roles
      .filter((r) => r.id === user.roleId || (r.name !== 'Public' && mayManageRole(self, r.name)))
      .map((r) => ({ value: r.id, label: r.name }));
  }, [roles, user.roleId, editor]);

  // The hierarchy rule: the link goes when the role keeps none, or, after a role change, when the
  // manager does not hold the role above the new one.
  const managerList = managers.options?.managers;
  const roleChanged = roleId !== user.roleId;
  useEffect(() => {
    if (!managerUserId || !roleName) return;
    const stale =
      !keepsManager(roleName) ||
      (roleChanged && managerList && !managerList.some((m) => m.id === managerUserId));
    if (stale) setValue('managerUserId', null, { shouldDirty: true });
  }, [roleName, roleChanged, managerList, managerUserId, setValue]);

  const hiddenDivisions = user.divisions.filter((d) => !editor.divisions.some((own) => own.id === d.id));

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h4" c="harbor.9">
          User details
        </Title>
        <Text fz="sm" c="dimmed">
          {user.email} ·{' '}
          {user.status === 'invited' ? 'Invited, not registered yet' : `Status: ${user.status}`}
        </Text>
      </div>
      <NameFields control={control} ownDetails={false} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField
          control={control}
          name="email"
          label="Email"
          type="email"
          withAsterisk
          autoComplete="off"
          // The server refuses the change (docs/decisions/0013): the email opens the account.
          readOnly={hiddenDivisions.length > 0}
          description={
            hiddenDivisions.length > 0
              ? 'This user also belongs to divisions you do not belong to, so you cannot change their email.'
              : undefined
          }
        />
        <PositionField control={control} ownDetails={false} />
      </SimpleGrid>
      <PhoneFields control={control} region={region} ownDetails={false} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SelectField
          control={control}
          name="roleId"
          label="Role"
          withAsterisk
          data={roleData}
          allowDeselect={false}
          disabled={ownRecord}
          description={ownRecord ? 'You cannot change your own role.' : undefined}
        />
        <DivisionsField control={control} editor={editor} hidden={hiddenDivisions} />
      </SimpleGrid>
      {manager && (
        <SelectField
          control={control}
          name="managerUserId"
          label="Manager"
          clearable
          searchable
          placeholder={managers.loading ? 'Loading…' : `Choose ${withArticle(manager)}`}
          description={
            managers.error
              ? `The managers could not be loaded: ${errorMessage(managers.error)}`
              : `A user with the role ${roleName} reports to ${withArticle(manager)} of this division.`
          }
          data={(managers.options?.managers ?? []).map((m) => ({ value: m.id, label: m.name }))}
          nothingFoundMessage={`No ${manager} in this division`}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="ccrNumber" label="CCR number" placeholder="Optional" />
        <TextField control={control} name="peNumber" label="PE number" placeholder="Optional" />
      </SimpleGrid>
    </Stack>
  );
}

const withArticle = (role: string) => `${/^[AEIOU]/i.test(role) ? 'an' : 'a'} ${role}`;

function DivisionsField({
  control,
  editor,
  hidden,
}: {
  control: Control<EditUserValues, unknown, EditUserOutput>;
  editor: DetailsProps['editor'];
  hidden: { id: string; name: string }[];
}) {
  const {
    field: { ref, ...input },
    fieldState,
  } = useController({ control, name: 'divisionIds' });
  return (
    <MultiSelect
      ref={ref}
      name={input.name}
      label="Divisions"
      withAsterisk
      data={editor.divisions.map((d) => ({ value: d.id, label: d.name }))}
      value={(input.value as string[] | undefined) ?? []}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
      description={
        hidden.length > 0
          ? `Also in ${hidden.map((d) => d.name).join(', ')}: only that division's administrators change it.`
          : undefined
      }
    />
  );
}
