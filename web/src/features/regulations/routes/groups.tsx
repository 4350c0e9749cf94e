import { useNavigate } from 'react-router-dom';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { ListSearch } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { hasPermission } from '../../../lib/page-access';
import { useCreateGroup } from '../api/create-group';
import { useGroupsList } from '../api/get-groups';
import { GroupNameModal } from '../components/group-name-modal';
import { GroupsTable } from '../components/groups-table';

/**
 * /divisions/{id}/groups (spec 001 §2): the division's regulation groups with their number of
 * documents and date modified, searched and paged by the server; Add Regulation with create
 * Regulations, which opens the new group.
 */
export default function GroupsRoute() {
  const profile = useSession();
  const divisionId = useDivisionId();
  const navigate = useNavigate();
  const list = useGroupsList();
  const { trigger: createGroup } = useCreateGroup();
  const [createOpened, createModal] = useDisclosure(false);
  const canCreate = hasPermission(profile, 'create', 'Regulations');
  const open = (id: string) => void navigate(paths.app.group.getHref(divisionId, id));

  return (
    <>
      <PageHeader
        title="Regulations"
        description="Regulation groups and the documents in them: permits, manuals and BMP details."
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={18} />} onClick={createModal.open}>
              Add Regulation
            </Button>
          )
        }
      />
      <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p="md" justify="space-between" gap="sm">
          <ListSearch list={list} label="Search Regulations" />
          {list.total !== null && (
            <Text fz="sm" c="dimmed">
              {list.total} {list.total === 1 ? 'regulation' : 'regulations'}
            </Text>
          )}
        </Group>
        <GroupsTable list={list} divisionId={divisionId} onOpen={open} />
      </Paper>
      <GroupNameModal
        opened={createOpened}
        onClose={createModal.close}
        title="Add Regulation"
        submitLabel="Add Regulation"
        onSubmit={async (name) => {
          const group = await createGroup({ name });
          notifications.show({
            color: 'teal',
            title: 'Regulation added',
            message: `${group.name} was created.`,
          });
          open(group.id);
        }}
      />
    </>
  );
}
