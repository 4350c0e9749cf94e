import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  ACTIONS,
  RESOURCES,
  can,
  type Action,
  type Grants,
  type PermissionEntry,
} from '@stormline/domain/permissions';
import { ServerError } from '../../../components/server-error';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { displayed, PendingEditsStore, usePendingEdits } from '../../../lib/pending-edits';
import { useSetUserPermissions, useUserPermissions, type UserPermissions } from '../api/user-permissions';
import grid from './permissions-grid.module.css';

const ACTION_LABELS: Record<Action, string> = {
  read: 'Read',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  all: 'All',
};

const pairKey = (entry: { perm: string; pageId: string }) => `${entry.perm}:${entry.pageId}`;
const EVERY_PAIR = RESOURCES.flatMap((resource) => ACTIONS.map((action) => `${action}:${resource.id}`));

/** The boxes ticked and not yet saved, by user: a conflict's fresh read keeps them (0030). */
const permissionEdits = new PendingEditsStore<boolean>('stormline.permissionEdits');

function pairsOf(keys: ReadonlySet<string>): PermissionEntry[] {
  return RESOURCES.flatMap((resource) =>
    ACTIONS.filter((action) => keys.has(`${action}:${resource.id}`)).map((action) => ({
      perm: action,
      pageId: resource.id,
    })),
  );
}

interface PermissionsModalProps {
  opened: boolean;
  onClose: () => void;
  divisionId: string;
  user: { id: string; name: string; roleName: string };
  /** The editor's own grants: a pair they do not hold cannot be given (the server's rule, mirrored). */
  editor: Grants;
  /** After a save: the user's record has a new version. */
  onSaved: (version: number) => void;
}

/**
 * Spec 001 §2 and §6, the Permissions modal of Edit User (Admin and Client Manager only): the
 * user's permission pairs (action on resource), which replace the role's and which the server
 * enforces from the user's next request; or back to the role's defaults.
 */
export function PermissionsModal({
  opened,
  onClose,
  divisionId,
  user,
  editor,
  onSaved,
}: PermissionsModalProps) {
  const { data, error, isLoading } = useUserPermissions(divisionId, user.id, opened);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        permissionEdits.discard(user.id);
        onClose();
      }}
      title={`Permissions of ${user.name || user.roleName}`}
      size="xl"
      radius="lg"
      fullScreen={phone}
    >
      {error ? (
        <ServerError>{errorMessage(error)}</ServerError>
      ) : isLoading || !data ? (
        <Stack gap="xs" aria-busy>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={18} />
          ))}
        </Stack>
      ) : (
        // Not keyed by version: a fresh read (a conflict) must not throw away the boxes ticked.
        <PermissionsForm
          permissions={data}
          onClose={onClose}
          divisionId={divisionId}
          userId={user.id}
          roleName={user.roleName}
          editor={editor}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function PermissionsForm({
  permissions,
  onClose,
  divisionId,
  userId,
  roleName,
  editor,
  onSaved,
}: {
  permissions: UserPermissions;
  onClose: () => void;
  divisionId: string;
  userId: string;
  roleName: string;
  editor: Grants;
  onSaved: (version: number) => void;
}) {
  const edits = usePendingEdits(permissionEdits, userId);
  const held = useMemo(() => new Set(permissions.permissions.map(pairKey)), [permissions.permissions]);
  const server = useMemo(() => Object.fromEntries(EVERY_PAIR.map((key) => [key, held.has(key)])), [held]);
  const isChecked = (key: string) => displayed(edits, key, held.has(key)) === true;
  const checked = new Set(EVERY_PAIR.filter(isChecked));
  const [failure, setFailure] = useState<string | null>(null);
  const { trigger, isMutating } = useSetUserPermissions(divisionId, userId);

  // A copy saved by someone else meanwhile: boxes only they changed follow them, boxes this
  // editor changed stay as ticked (a yes/no box cannot be changed two different ways).
  useEffect(() => {
    permissionEdits.reconcile(userId, server, permissions.version);
  }, [userId, server, permissions.version]);

  const close = () => {
    permissionEdits.discard(userId);
    onClose();
  };

  const save = async (pairs: PermissionEntry[] | null) => {
    setFailure(null);
    const baseVersion = permissionEdits.beginSave(userId)?.baseVersion ?? permissions.version;
    try {
      const saved = await trigger({ permissions: pairs, version: baseVersion });
      permissionEdits.discard(userId);
      notifications.show({
        color: 'teal',
        title: 'Permissions saved',
        message: saved.overridden
          ? 'The user now holds the permissions chosen here.'
          : `The user now holds the permissions of the role ${roleName}.`,
      });
      onSaved(saved.version);
      onClose();
    } catch (error) {
      permissionEdits.failed(userId);
      console.error(error);
      setFailure(
        error instanceof ApiError && error.status === 409
          ? `${error.message} The latest permissions have been read: your changes are kept, check them and save again.`
          : errorMessage(error),
      );
    }
  };

  const toggle = (key: string, on: boolean) =>
    permissionEdits.edit(userId, key, on, held.has(key), permissions.version);

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fz="sm">
          What this user may do, whatever their role ({roleName}) holds by default. The server applies a
          change from the user&apos;s next request.
        </Text>
        <Badge variant="light" color={permissions.overridden ? 'orange' : 'gray'} radius="sm">
          {permissions.overridden ? 'Changed from the role' : "The role's permissions"}
        </Badge>
      </Group>
      <Table.ScrollContainer
        minWidth={520}
        maxHeight={420}
        className={grid.grid}
        classNames={{ scrollContainerInner: grid.inner }}
      >
        <Table stickyHeader aria-label="Permissions" verticalSpacing={4} horizontalSpacing="sm" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Resource</Table.Th>
              {ACTIONS.map((action) => (
                <Table.Th key={action} ta="center">
                  {ACTION_LABELS[action]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {RESOURCES.map((resource) => (
              <Table.Tr key={resource.id}>
                <Table.Th scope="row" fw={500}>
                  {resource.label}
                </Table.Th>
                {ACTIONS.map((action) => {
                  const key = `${action}:${resource.id}`;
                  const on = checked.has(key);
                  // Only pairs the editor holds can be given; one the user has may always be taken away.
                  const grantable = can(editor, action, resource.label);
                  return (
                    <Table.Td key={action} ta="center" data-label={ACTION_LABELS[action]}>
                      <Checkbox
                        aria-label={`${ACTION_LABELS[action]} ${resource.label}`}
                        checked={on}
                        disabled={!on && !grantable}
                        onChange={(event) => toggle(key, event.currentTarget.checked)}
                        styles={{ body: { justifyContent: 'center' } }}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <UserNotifications settings={permissions.notifications} />
      {failure && <ServerError testId="permissions-error">{failure}</ServerError>}
      {pairsOf(checked).length === 0 && (
        <Alert color="orange" variant="light">
          With no permission at all the user can sign in but open nothing.
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button
          type="button"
          variant="subtle"
          disabled={isMutating || !permissions.overridden}
          onClick={() => void save(null)}
        >
          Use the role&apos;s permissions
        </Button>
        <Group gap="sm">
          <Button type="button" variant="default" onClick={close} disabled={isMutating}>
            Cancel
          </Button>
          <Button type="button" loading={isMutating} onClick={() => void save(pairsOf(checked))}>
            Save permissions
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

const DELIVERY_LABELS: Record<string, string> = { 'in-app': 'In-app', email: 'Email', sms: 'SMS' };

/**
 * The user's notification settings as their profile shows them, read-only: each user chooses
 * their own (My Profile), and the server refuses anyone else's change. Read again after a save.
 */
function UserNotifications({ settings }: { settings: UserPermissions['notifications'] }) {
  return (
    <Stack gap={6} component="section" aria-labelledby="user-notifications-heading">
      <Text id="user-notifications-heading" fw={600} fz="sm">
        Notifications
      </Text>
      {settings.length === 0 ? (
        <Text fz="sm" c="dimmed">
          This user&apos;s role receives no notifications.
        </Text>
      ) : (
        <>
          <Text fz="xs" c="dimmed">
            The user chooses these in their own profile.
          </Text>
          <Table aria-label="The user's notifications" verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {settings.map((setting) => (
                <Table.Tr key={setting.id}>
                  <Table.Th scope="row" fw={500}>
                    {setting.name}
                  </Table.Th>
                  <Table.Td>
                    {setting.is_enabled.length === 0 ? (
                      <Text span fz="sm" c="dimmed">
                        Off
                      </Text>
                    ) : (
                      <Group gap={4}>
                        {setting.is_enabled.map((delivery) => (
                          <Badge key={delivery} variant="light" radius="sm" size="sm">
                            {DELIVERY_LABELS[delivery] ?? delivery}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
