import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { ListSearch } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { hasPermission } from '../../../lib/page-access';
import { useUsersList, type UserRow } from '../api/get-users';
import { useChangeStatus } from '../api/user-status';
import { AddUsersModal } from '../components/add-users-modal';
import { StatusConfirmModal } from '../components/status-confirm-modal';
import { UserCardModal } from '../components/user-card-modal';
import { displayName, managerOf, openingOf, type StatusAction } from '../components/user-admin-rules';
import { UsersTable } from '../components/users-table';

const DONE: Record<StatusAction, string> = {
  deactivate: 'User deactivated',
  activate: 'User activated',
  reinvite: 'Invitation sent',
};

/**
 * /divisions/{id}/admin (spec 001 §2 "Users admin list"): First Name, Last Name, Email, Role and
 * Status a page at a time, searched over names and email (?search= in the URL); Add Users with
 * create on Admin; the status toggle and Re-invite with update or create on Admin; a user opens
 * on the edit page or the view-only profile card by the viewer's role.
 */
export default function UsersAdminRoute() {
  const divisionId = useDivisionId();
  const profile = useSession();
  const navigate = useNavigate();
  const list = useUsersList(divisionId);
  const { trigger: changeStatus } = useChangeStatus(divisionId);
  const [addOpened, addModal] = useDisclosure(false);
  const [cardUserId, setCardUserId] = useState<string | null>(null);
  const [pending, setPending] = useState<{ user: UserRow; action: StatusAction } | null>(null);
  const canCreate = hasPermission(profile, 'create', 'Admin');
  const canUpdate = hasPermission(profile, 'update', 'Admin');
  const divisionName = profile.divisions.find((d) => d.id === divisionId)?.name ?? 'this division';
  // One object per profile: the table's columns are rebuilt only when the viewer changes.
  const manager = useMemo(() => managerOf(profile), [profile]);

  const openCard = useCallback((user: UserRow) => setCardUserId(user.id), []);
  const askStatus = useCallback((user: UserRow, action: StatusAction) => setPending({ user, action }), []);
  const open = (user: UserRow) => {
    if (openingOf(manager, user.roleName) === 'edit')
      void navigate(paths.app.editUser.getHref(divisionId, user.id));
    else setCardUserId(user.id);
  };

  return (
    <>
      <PageHeader
        title="Users"
        description={`The people of ${divisionName}, their roles and whether they can sign in.`}
        actions={
          canCreate && (
            <Button leftSection={<IconUserPlus size={18} />} onClick={addModal.open}>
              Add Users
            </Button>
          )
        }
      />
      <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p="md" justify="space-between" gap="sm">
          <ListSearch list={list} label="Search users" placeholder="Search by name or email" />
          {list.total !== null && (
            <Text fz="sm" c="dimmed">
              {list.total} {list.total === 1 ? 'user' : 'users'}
            </Text>
          )}
        </Group>
        <UsersTable
          list={list}
          divisionId={divisionId}
          viewer={{ id: profile.id, ...manager, canCreate, canUpdate }}
          onOpen={open}
          onOpenCard={openCard}
          onStatusAction={askStatus}
        />
      </Paper>
      <AddUsersModal
        opened={addOpened}
        onClose={addModal.close}
        divisionId={divisionId}
        divisionName={divisionName}
      />
      <UserCardModal divisionId={divisionId} userId={cardUserId} onClose={() => setCardUserId(null)} />
      <StatusConfirmModal
        target={pending}
        onClose={() => setPending(null)}
        onConfirm={async (user, action) => {
          const change =
            action === 'reinvite'
              ? ({ kind: 'reinvite' } as const)
              : ({ kind: 'status', status: action === 'activate' ? 'active' : 'inactive' } as const);
          await changeStatus({ id: user.id, change });
          notifications.show({
            color: 'teal',
            title: DONE[action],
            message:
              action === 'reinvite'
                ? `A new invitation was sent to ${user.email}.`
                : `${displayName(user)} is ${action === 'activate' ? 'active' : 'inactive'} now.`,
          });
          setPending(null);
        }}
      />
    </>
  );
}
