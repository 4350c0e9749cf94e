import { useNavigate } from 'react-router-dom';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { ListSearch } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { hasPermission } from '../../../lib/page-access';
import { useCreateDivision } from '../api/create-division';
import { useDivisionsList } from '../api/get-divisions';
import { DivisionNameModal } from '../components/division-name-modal';
import { DivisionsTable } from '../components/divisions-table';

/**
 * /divisions (spec 001 §2): search by name, Add Division with create Divisions, rows open with
 * update Divisions. The worked example of a list screen (web/README.md).
 */
export default function DivisionsRoute() {
  const profile = useSession();
  const navigate = useNavigate();
  const list = useDivisionsList();
  const { trigger: createDivision } = useCreateDivision();
  const [createOpened, createModal] = useDisclosure(false);
  const canCreate = hasPermission(profile, 'create', 'Divisions');
  const canOpen = hasPermission(profile, 'update', 'Divisions');

  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Divisions' }]}
        title="Divisions"
        description="The divisions staff, clients and projects are organised in."
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={18} />} onClick={createModal.open}>
              Add Division
            </Button>
          )
        }
      />
      <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p="md" justify="space-between" gap="sm">
          <ListSearch list={list} label="Search divisions" placeholder="Search by name" />
          {list.total !== null && (
            <Text fz="sm" c="dimmed">
              {list.total} {list.total === 1 ? 'division' : 'divisions'}
            </Text>
          )}
        </Group>
        <DivisionsTable
          list={list}
          canOpen={canOpen}
          onOpen={(id) => void navigate(paths.app.division.getHref(id))}
        />
      </Paper>
      <DivisionNameModal
        opened={createOpened}
        onClose={createModal.close}
        title="Add Division"
        submitLabel="Add Division"
        onSubmit={async (name) => {
          const division = await createDivision({ name });
          notifications.show({
            color: 'teal',
            title: 'Division added',
            message: `${division.name} was created.`,
          });
        }}
      />
    </>
  );
}
