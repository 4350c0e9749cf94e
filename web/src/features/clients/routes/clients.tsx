import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { ListSearch } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { hasPermission } from '../../../lib/page-access';
import { useClientsList } from '../api/get-clients';
import { useCreateClient } from '../api/save-client';
import { ClientFormModal } from '../components/client-form-modal';
import { ClientsTable } from '../components/clients-table';

/** Spec 001 §2: the clients list needs an active division. */
export const NO_DIVISION_MESSAGE = 'A division must be selected to view clients.';

function ClientsList({ divisionId }: { divisionId: string }) {
  const profile = useSession();
  const navigate = useNavigate();
  const list = useClientsList(divisionId);
  const { trigger: createClient } = useCreateClient(divisionId);
  const [createOpened, createModal] = useDisclosure(false);
  const canCreate = hasPermission(profile, 'create', 'Client');
  const canOpen = hasPermission(profile, 'read', 'Client');
  const open = (id: string) => void navigate(paths.app.client.getHref(divisionId, id));

  return (
    <>
      <PageHeader
        title="Clients"
        description="The clients of this division, with their contacts and projects."
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={18} />} onClick={createModal.open}>
              Add Client
            </Button>
          )
        }
      />
      <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p="md" justify="space-between" gap="sm">
          <ListSearch list={list} label="Search Clients" />
          {list.total !== null && (
            <Text fz="sm" c="dimmed">
              {list.total} {list.total === 1 ? 'client' : 'clients'}
            </Text>
          )}
        </Group>
        <ClientsTable list={list} divisionId={divisionId} canOpen={canOpen} onOpen={open} />
      </Paper>
      <ClientFormModal
        opened={createOpened}
        onClose={createModal.close}
        title="Add Client"
        submitLabel="Add Client"
        region={profile.appConstants.region}
        onSubmit={async (body) => {
          const client = await createClient(body);
          notifications.show({
            color: 'teal',
            title: 'Client added',
            message: `${client.name} was created.`,
          });
          // Spec 001 §2: "Client creation redirects to the new client's page."
          open(client.id);
        }}
      />
    </>
  );
}

/**
 * /divisions/{id}/clients (spec 001 §2): 'Search Clients', Name, Address and Date Created a page
 * at a time, Add Client with create Client, rows open the client with read Client.
 */
export default function ClientsRoute() {
  const { divisionId } = useParams();
  if (!divisionId)
    return (
      <>
        <PageHeader title="Clients" />
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {NO_DIVISION_MESSAGE}
        </Alert>
      </>
    );
  return <ClientsList divisionId={divisionId} />;
}
