import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy, IconKey, IconTrash } from '@tabler/icons-react';
import type { Profile } from '@stormline/contract/areas/profile';
import { mayManageUser, PERMISSION_EDITOR_ROLES } from '@stormline/domain/user-rules';
import type { Grants } from '@stormline/domain/permissions';
import { FormServerError, useServerSubmit } from '../../../components/form';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { errorMessage } from '../../../lib/errors';
import { hasPermission } from '../../../lib/page-access';
import { useDeleteUser } from '../api/delete-user';
import { useManagerOptions, useRoles, useUser, type RoleOption, type UserDetail } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { ClientPicker } from '../components/client-picker';
import { EditUserClients } from '../components/edit-user-clients';
import { ConfirmDialog } from '../components/edit-user-confirm';
import {
  EDIT_USER_FIELDS,
  EditUserDetails,
  editUserSchema,
  valuesOf,
  type EditUserOutput,
  type EditUserValues,
} from '../components/edit-user-details';
import {
  addClients,
  assignmentsOf,
  keepsManager,
  managerToSave,
  sameAssignments,
} from '../components/edit-user-state';
import { PermissionsModal } from '../components/permissions-modal';
import { managerOf } from '../components/user-admin-rules';

/** Spec 001 §4 and §9: the page reads the user again 2 s after a save. */
export const RELOAD_AFTER_SAVE_MS = 2000;
export const UNSAVED_CHANGES = 'There are some unsaved changes would you like to proceed?';
/** Spec 001 §2 Delete User, word for word (its space before the question mark included). */
export const DELETE_USER_QUESTION = 'Are you sure you want to delete ?';

/** /divisions/{divisionId}/user-profiles/{userId}/edit: spec 001 §2 "Edit User". */
export default function EditUserRoute() {
  const { userId = '' } = useParams();
  const divisionId = useDivisionId();
  const profile = useSession();
  const user = useUser(divisionId, userId);
  const roles = useRoles();
  const adminHref = paths.app.admin.getHref(divisionId);
  const failure = user.error ?? roles.error;

  return (
    <>
      {failure ? (
        <>
          <PageHeader
            crumbs={[{ label: 'Users', href: adminHref }, { label: 'Edit User' }]}
            title="Edit User"
          />
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="This user could not be loaded"
            role="alert"
          >
            {errorMessage(failure)}
          </Alert>
        </>
      ) : !user.data || !roles.data ? (
        // Spec 001 §4: loading until the user, the roles and the divisions are there.
        <>
          <PageHeader
            crumbs={[{ label: 'Users', href: adminHref }, { label: 'Edit User' }]}
            title="Edit User"
          />
          <Paper p="xl" radius="lg" aria-busy data-testid="edit-user-loading">
            <Stack gap="md">
              <Skeleton h={20} w="30%" />
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} h={36} />
              ))}
            </Stack>
          </Paper>
        </>
      ) : (
        <EditUserScreen
          key={userId}
          initial={user.data}
          latestVersion={user.data.version}
          roles={roles.data}
          divisionId={divisionId}
          profile={profile}
          reload={() => user.mutate()}
        />
      )}
    </>
  );
}

interface ScreenProps {
  /** The user as the page started from; the form and the table keep their own state from here. */
  initial: UserDetail;
  /** The version of the latest read (a permissions save or a conflict reads the user again). */
  latestVersion: number;
  roles: RoleOption[];
  divisionId: string;
  profile: Profile;
  /** Reads the user again; answers the record (undefined when the read failed). */
  reload: () => Promise<UserDetail | undefined>;
}

function EditUserScreen({ initial, latestVersion, roles, divisionId, profile, reload }: ScreenProps) {
  const navigate = useNavigate();
  const adminHref = paths.app.admin.getHref(divisionId);
  const region = profile.appConstants.region;
  const ownDivisionIds = useMemo(() => profile.divisions.map((d) => d.id), [profile.divisions]);
  const schema = useMemo(() => editUserSchema(region), [region]);
  const form = useForm<EditUserValues, unknown, EditUserOutput>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(initial, ownDivisionIds),
  });
  const [baseline, setBaseline] = useState(() => assignmentsOf(initial));
  const [assignments, setAssignments] = useState(baseline);
  const [confirmBack, setConfirmBack] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const [name, setName] = useState(initial.name || initial.email);

  const roleId = useWatch({ control: form.control, name: 'roleId' });
  const roleName = roles.find((r) => r.id === roleId)?.name;
  const managers = useManagerOptions(divisionId, roleId ?? null, keepsManager(roleName));
  const { trigger: update } = useUpdateUser(divisionId, initial.id);
  const { trigger: remove } = useDeleteUser(divisionId, initial.id);

  // Spec 001 §4: the dirty check compares the form and the assignments with what was read.
  const dirty = form.formState.isDirty || !sameAssignments(assignments, baseline);
  useLeaveGuard(dirty);
  const dirtyNow = useRef(dirty);
  useEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);

  /** The form and the table start again from a record of the server's. */
  const startFrom = (user: UserDetail) => {
    form.reset(valuesOf(user, ownDivisionIds));
    const next = assignmentsOf(user);
    setBaseline(next);
    setAssignments(next);
    setName(user.name || user.email);
  };

  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const { submit, serverError, clearServerError } = useServerSubmit(
    form,
    EDIT_USER_FIELDS,
    async (values) => {
      const saved = await update({
        ...values,
        managerUserId: managerToSave(roleName, values.managerUserId),
        clients: assignments.clients.map((c) => c.id),
        projects: assignments.projects.map((p) => p.id),
        version: latestVersion,
      });
      notifications.show({
        color: 'teal',
        title: 'User saved',
        message: `${saved.name || saved.email} was saved.`,
      });
      // What was saved is the new starting point at once; the page reads the user again 2 s later
      // (spec 001 §4), in place: a dialog opened meanwhile stays open, and changes begun meanwhile stay.
      startFrom(saved);
      clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(async () => {
        // Taken out of this division, the user is no longer on this division's pages.
        if (!saved.divisionIds.includes(divisionId)) return void navigate(adminHref, { replace: true });
        const fresh = await reload();
        if (fresh && !dirtyNow.current) startFrom(fresh);
      }, RELOAD_AFTER_SAVE_MS);
    },
  );

  // The server's rule (docs/decisions/0013): every permission of the user's role and of their
  // grants in force is the editor's own (a Client Manager: the spec's six roles).
  const editor = managerOf(profile);
  const canEdit =
    hasPermission(profile, 'update', 'Admin') &&
    mayManageUser(editor, {
      roleName: initial.roleName,
      permissions: initial.permissions as Grants['permissions'],
    });
  const ownRecord = initial.id === profile.id;
  const canDelete = canEdit && hasPermission(profile, 'delete', 'Admin') && !ownRecord;
  // Spec 001 §2 and §6: the Permissions button is the Admin's and the Client Manager's (never for oneself).
  const canEditPermissions = canEdit && PERMISSION_EDITOR_ROLES.includes(profile.roleName) && !ownRecord;
  const editorGrants: Grants = editor.grants;
  const divisionName = (id: string) =>
    [...profile.divisions, ...initial.divisions].find((d) => d.id === id)?.name ?? id;
  const { isSubmitting } = form.formState;

  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Users', href: adminHref }, { label: 'Edit User' }]}
        title="Edit User"
        description={name}
        actions={
          canEditPermissions && (
            <Button
              type="button"
              variant="default"
              leftSection={<IconKey size={18} aria-hidden />}
              onClick={() => setPermissionsOpen(true)}
            >
              Permissions
            </Button>
          )
        }
      />
      <form onSubmit={submit} noValidate aria-label="Edit User">
        <Stack gap="lg">
          {!canEdit && (
            <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
              Your role can view this user but not change them.
            </Alert>
          )}
          <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="lg">
              <Paper p={{ base: 'md', sm: 'xl' }} radius="lg">
                <EditUserDetails
                  control={form.control}
                  setValue={form.setValue}
                  user={initial}
                  roles={roles}
                  editor={profile}
                  region={region}
                  managers={{ options: managers.data, loading: managers.isLoading, error: managers.error }}
                />
              </Paper>
              <Paper p={{ base: 'md', sm: 'xl' }} radius="lg">
                <Stack gap="md">
                  <div>
                    <Title order={2} fz="h4" c="harbor.9">
                      Clients and projects
                    </Title>
                    <Text fz="sm" c="dimmed">
                      The clients and projects of this division the user works on. Changes here are kept when
                      you save the page.
                    </Text>
                  </div>
                  {canEdit && (
                    <ClientPicker
                      divisionId={divisionId}
                      userId={initial.id}
                      assignedIds={assignments.clients.map((c) => c.id)}
                      onSave={(chosen) => setAssignments((state) => addClients(state, chosen, divisionId))}
                    />
                  )}
                  <EditUserClients
                    divisionId={divisionId}
                    assignments={assignments}
                    onChange={setAssignments}
                    divisionName={divisionName}
                  />
                </Stack>
              </Paper>
            </Stack>
          </fieldset>
          <FormServerError
            testId="edit-user-error"
            error={serverError}
            onLoadLatest={async () => {
              clearServerError();
              const fresh = await reload();
              if (fresh) startFrom(fresh);
            }}
          />
          <Group justify="space-between" gap="sm">
            <Button
              type="button"
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={() => (dirty ? setConfirmBack(true) : void navigate(adminHref))}
            >
              Back
            </Button>
            <Group gap="sm">
              {canDelete && (
                <Button
                  type="button"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setConfirmDelete(true)}
                >
                  Delete User
                </Button>
              )}
              {canEdit && (
                <Button
                  type="submit"
                  loading={isSubmitting}
                  leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                >
                  Save
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirmBack}
        onClose={() => setConfirmBack(false)}
        title="Unsaved changes"
        message={UNSAVED_CHANGES}
        confirmLabel="Continue"
        onConfirm={() => {
          setConfirmBack(false);
          void navigate(adminHref);
        }}
      />
      <ConfirmDialog
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete User"
        message={
          <>
            <Text fz="sm">{DELETE_USER_QUESTION}</Text>
            <Text fz="sm" c="dimmed">
              {name} will no longer be able to sign in.
            </Text>
          </>
        }
        confirmLabel="Delete user"
        danger
        onConfirm={async () => {
          await remove();
          notifications.show({ color: 'teal', title: 'User deleted', message: `${name} was deleted.` });
          setConfirmDelete(false);
          void navigate(adminHref, { replace: true });
        }}
      />
      {canEditPermissions && (
        <PermissionsModal
          opened={permissionsOpen}
          onClose={() => setPermissionsOpen(false)}
          divisionId={divisionId}
          user={{ id: initial.id, name, roleName: initial.roleName }}
          editor={editorGrants}
          onSaved={() => undefined}
        />
      )}
    </>
  );
}

/**
 * The router is declarative (docs/decisions/0012), so useBlocker is not there: the page's own Back
 * asks before leaving, and closing or reloading the tab with unsaved changes gets the browser's
 * question (beforeunload).
 */
function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
