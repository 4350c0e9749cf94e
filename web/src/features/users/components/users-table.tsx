import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Button, Group, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import type { UserManager } from '@stormline/domain/user-rules';
import { ServerTable, tableColumns } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import type { ServerList } from '../../../lib/list/server-list';
import type { UserRow } from '../api/get-users';
import { displayName, openingOf, statusActionOf, type StatusAction } from './user-admin-rules';

const column = tableColumns<UserRow>();

export const STATUS_LABELS = { invited: 'Invited', active: 'Active', inactive: 'Inactive' } as const;
const STATUS_COLORS = { invited: 'blue', active: 'teal', inactive: 'gray' } as const;

/** The signed-in user: who they may manage (their role and grants), what they may do. */
export interface UsersTableViewer extends UserManager {
  id: string;
  canCreate: boolean;
  canUpdate: boolean;
}

interface Handlers {
  onOpenCard: (user: UserRow) => void;
  onStatusAction: (user: UserRow, action: StatusAction) => void;
}

/** A cell's control is not the row: its click does not open the user as well. */
const stop = (event: React.SyntheticEvent) => event.stopPropagation();

function StatusCell({
  user,
  action,
  onAction,
}: {
  user: UserRow;
  action: StatusAction | null;
  onAction: (action: StatusAction) => void;
}) {
  const name = displayName(user);
  const badge = (
    <Badge color={STATUS_COLORS[user.status]} variant="light" radius="sm" miw="max-content">
      {STATUS_LABELS[user.status]}
    </Badge>
  );
  if (action === 'reinvite')
    return (
      <Group gap="xs" wrap="nowrap" miw="max-content">
        {badge}
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconMailForward size={14} aria-hidden />}
          onClick={(event) => {
            stop(event);
            onAction('reinvite');
          }}
          aria-label={`Re-invite ${name}`}
        >
          Re-invite
        </Button>
      </Group>
    );
  if (action === 'activate' || action === 'deactivate')
    return (
      <Group gap="xs" wrap="nowrap" miw="max-content" onClick={stop}>
        <Switch
          size="sm"
          checked={user.status === 'active'}
          aria-label={`Active: ${name}`}
          // The change waits for the confirmation; the switch moves when the server has answered.
          onChange={() => onAction(action)}
        />
        {badge}
      </Group>
    );
  return badge;
}

function userColumns(viewer: UsersTableViewer, divisionId: string, handlers: Handlers, compact: boolean) {
  const columns = column.columns([
    column.accessor('first_name', {
      header: 'First Name',
      enableSorting: false,
      cell: ({ getValue }) => <NameCell value={getValue()} />,
    }),
    column.accessor('last_name', {
      header: 'Last Name',
      enableSorting: false,
      cell: ({ getValue }) => <NameCell value={getValue()} />,
    }),
    column.accessor('email', {
      // On a phone the column holds the name too (userColumns).
      header: compact ? 'User' : 'Email',
      enableSorting: false,
      // The row's link for the keyboard: the edit page or the profile card, by the opening rules.
      cell: ({ row }) => {
        const user = row.original;
        const link =
          openingOf(viewer, user.roleName) === 'edit' ? (
            <Anchor
              component={Link}
              to={paths.app.editUser.getHref(divisionId, user.id)}
              fw={500}
              c="harbor.9"
              fz="sm"
              style={{ whiteSpace: 'nowrap' }}
              onClick={stop}
            >
              {user.email}
            </Anchor>
          ) : (
            <Anchor
              component="button"
              type="button"
              fw={500}
              c="harbor.9"
              fz="sm"
              style={{ whiteSpace: 'nowrap' }}
              onClick={(event) => {
                stop(event);
                handlers.onOpenCard(user);
              }}
            >
              {user.email}
            </Anchor>
          );
        if (!compact) return link;
        const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
        return (
          <Stack gap={0} style={{ overflowWrap: 'anywhere' }}>
            {link}
            <Text fz="xs" c="dimmed">
              {name || 'Name not given yet'} · {user.roleName}
            </Text>
          </Stack>
        );
      },
    }),
    column.accessor('roleName', {
      header: 'Role',
      enableSorting: false,
      cell: ({ getValue }) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {getValue()}
        </Text>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: ({ row }) => (
        <StatusCell
          user={row.original}
          action={statusActionOf(viewer, row.original)}
          onAction={(action) => handlers.onStatusAction(row.original, action)}
        />
      ),
    }),
  ]);
  // On a phone the name and role columns would push Status out of sight: the name and role are
  // shown under the email instead, in the email's cell.
  const nameColumns: unknown[] = ['first_name', 'last_name', 'roleName'];
  return compact
    ? columns.filter((c) => !('accessorKey' in c) || !nameColumns.includes(c.accessorKey))
    : columns;
}

function NameCell({ value }: { value: string }) {
  // Invitees have no name until they register.
  return value ? (
    <Text fz="sm">{value}</Text>
  ) : (
    <Text fz="sm" c="dimmed">
      <span aria-hidden>—</span>
      <VisuallyHidden>Not given yet</VisuallyHidden>
    </Text>
  );
}

/** Spec 001 §2: First Name, Last Name, Email, Role, Status, a page at a time from the server. */
export function UsersTable({
  list,
  viewer,
  divisionId,
  onOpen,
  ...handlers
}: {
  list: ServerList<UserRow>;
  viewer: UsersTableViewer;
  divisionId: string;
  onOpen: (user: UserRow) => void;
} & Handlers) {
  const { onOpenCard, onStatusAction } = handlers;
  // Built once per viewer: a new columns array each render would rebuild the table model.
  const compact = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const columns = useMemo(
    () => userColumns(viewer, divisionId, { onOpenCard, onStatusAction }, compact),
    // The handlers are stable (useCallback in the route); the viewer's fields are what change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      viewer.id,
      viewer.roleName,
      viewer.grants,
      viewer.canCreate,
      viewer.canUpdate,
      divisionId,
      onOpenCard,
      onStatusAction,
      compact,
    ],
  );
  return (
    <ServerTable
      list={list}
      label="Users"
      testId="users-table"
      columns={columns}
      getRowId={(user) => user.id}
      emptyText="No users found"
      onRowClick={onOpen}
    />
  );
}
