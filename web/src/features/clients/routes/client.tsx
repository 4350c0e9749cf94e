import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Menu,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBriefcase,
  IconDotsVertical,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { findingObservationTemplate } from '@stormline/domain/client-rules';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { hasPermission } from '../../../lib/page-access';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useAddContacts, useRemoveContact } from '../api/contacts';
import { useClient, type Client, type ClientContact } from '../api/get-client';
import { refreshClientProjects, useClientProjects } from '../api/get-client-projects';
import { useDeleteClient, useUpdateClient } from '../api/save-client';
import { AddContactsModal } from '../components/add-contacts-modal';
import { formatAddress, formatPhone } from '../components/client-address';
import { ClientFormModal } from '../components/client-form-modal';
import { ClientProjectsTable } from '../components/client-projects-table';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ContactsTable } from '../components/contacts-table';

/** What the client page gives the Create project modal the app composes into it. */
export interface CreateProjectSlotProps {
  opened: boolean;
  onClose: () => void;
  client: { id: string; name: string };
  onCreated?: () => void;
}

const TABS = [
  { value: 'contacts', label: 'Contacts', icon: IconUsers },
  { value: 'projects', label: 'Projects', icon: IconBriefcase },
] as const;

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500} fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function ClientDetails({ client }: { client: Client | undefined }) {
  const wait = <Skeleton h={16} w={140} mt={4} />;
  const observation = client && findingObservationTemplate(client.default_finding_observation);
  return (
    <Paper p="lg" radius="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" verticalSpacing="md">
        <Detail label="Address">{client ? formatAddress(client.address) : wait}</Detail>
        <Detail label="Phone">
          {client ? (formatPhone(client.address.phone, client.address.phone_ext) ?? '—') : wait}
        </Detail>
        <Detail label="Date Created">{client ? formatDate(client.createdAt) : wait}</Detail>
        <Detail label="Default finding observation">{client ? (observation?.label ?? 'None') : wait}</Detail>
      </SimpleGrid>
      {client?.disable_images && (
        <Badge mt="md" color="gray" variant="light" radius="sm">
          Images disabled
        </Badge>
      )}
    </Paper>
  );
}

function ProjectsTab({ divisionId, clientId }: { divisionId: string; clientId: string }) {
  const navigate = useNavigate();
  const list = useClientProjects(divisionId, clientId);
  return <ClientProjectsTable list={list} divisionId={divisionId} onOpen={(href) => void navigate(href)} />;
}

/**
 * /divisions/{id}/clients/{uuid} (spec 001 §2): the client's name, address and phone; Create New
 * Project (create Project), Add Contact and Edit (update Client), Delete (delete Client), the
 * last three also in an overflow menu on a phone; tabs Contacts and Projects.
 */
export function ClientPage({ CreateProject }: { CreateProject?: ComponentType<CreateProjectSlotProps> }) {
  const { divisionId = '', clientId = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const profile = useSession();
  const { data: client, error, isLoading } = useClient(divisionId, clientId);
  const { trigger: updateClient } = useUpdateClient(divisionId, clientId);
  const { trigger: deleteClient } = useDeleteClient(divisionId, clientId);
  const { trigger: addContacts } = useAddContacts(divisionId, clientId);
  const { trigger: removeContact } = useRemoveContact(divisionId, clientId);
  const [editOpened, editModal] = useDisclosure(false);
  const [deleteOpened, deleteModal] = useDisclosure(false);
  const [contactOpened, contactModal] = useDisclosure(false);
  const [projectOpened, projectModal] = useDisclosure(false);
  const [removing, setRemoving] = useState<ClientContact | null>(null);
  const onRemove = useCallback((contact: ClientContact) => setRemoving(contact), []);

  const tab = params.get('tab') === 'projects' ? 'projects' : 'contacts';
  const canCreateProject = hasPermission(profile, 'create', 'Project') && CreateProject !== undefined;
  const canUpdate = hasPermission(profile, 'update', 'Client');
  const canDelete = hasPermission(profile, 'delete', 'Client');

  useEffect(() => {
    if (client) document.title = `${client.name} · Clients · ${getRuntimeConfig().documentTitle}`;
  }, [client]);

  const actions = client && (
    <>
      {canCreateProject && (
        <Button leftSection={<IconPlus size={18} />} onClick={projectModal.open}>
          Create New Project
        </Button>
      )}
      {canUpdate && (
        <Button
          variant="default"
          leftSection={<IconUserPlus size={18} />}
          onClick={contactModal.open}
          visibleFrom="sm"
        >
          Add Contact
        </Button>
      )}
      {canUpdate && (
        <Button
          variant="default"
          leftSection={<IconPencil size={18} />}
          onClick={editModal.open}
          visibleFrom="sm"
        >
          Edit
        </Button>
      )}
      {canDelete && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} />}
          onClick={deleteModal.open}
          visibleFrom="sm"
        >
          Delete
        </Button>
      )}
      {(canUpdate || canDelete) && (
        <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon variant="default" size={36} radius="md" aria-label="More actions" hiddenFrom="sm">
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canUpdate && (
              <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={contactModal.open}>
                Add Contact
              </Menu.Item>
            )}
            {canUpdate && (
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={editModal.open}>
                Edit
              </Menu.Item>
            )}
            {canDelete && (
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={deleteModal.open}>
                Delete
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        crumbs={[
          { label: 'Clients', href: paths.app.clients.getHref(divisionId) },
          { label: client?.name ?? 'Client' },
        ]}
        title={client ? client.name : isLoading ? <Skeleton h={30} w={220} /> : 'Client'}
        actions={actions}
      />
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="This client could not be loaded"
          role="alert"
        >
          {errorMessage(error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <ClientDetails client={client} />
          <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
            <Tabs
              value={tab}
              onChange={(value) =>
                setParams(value === 'projects' ? { tab: 'projects' } : {}, { replace: true })
              }
            >
              <Tabs.List px="md" pt="xs">
                {TABS.map(({ value, label, icon: Icon }) => (
                  <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} stroke={1.6} />}>
                    {label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="contacts" p="md">
                {client ? (
                  <ContactsTable
                    contacts={client.users}
                    callerId={profile.id}
                    canRemove={canUpdate}
                    onRemove={onRemove}
                  />
                ) : (
                  <Skeleton h={120} />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="projects" p="md">
                {tab === 'projects' && <ProjectsTab divisionId={divisionId} clientId={clientId} />}
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Stack>
      )}
      {client && (
        <>
          <ClientFormModal
            opened={editOpened}
            onClose={editModal.close}
            title="Edit Client"
            submitLabel="Save"
            region={profile.appConstants.region}
            client={client}
            onSubmit={async (body) => {
              const saved = await updateClient({ ...body, version: client.version });
              notifications.show({
                color: 'teal',
                title: 'Client saved',
                message: `${saved.name} was saved.`,
              });
            }}
          />
          <ConfirmModal
            opened={deleteOpened}
            onClose={deleteModal.close}
            title="Delete client"
            confirmLabel="Delete"
            onConfirm={async () => {
              await deleteClient();
              notifications.show({
                color: 'teal',
                title: 'Client deleted',
                message: `${client.name} was deleted.`,
              });
              void navigate(paths.app.clients.getHref(divisionId), { replace: true });
            }}
          >
            Are you sure you want to delete <b>{client.name}</b>? Its contacts are no longer linked to it.
          </ConfirmModal>
          <ConfirmModal
            opened={removing !== null}
            onClose={() => setRemoving(null)}
            title="Remove contact"
            confirmLabel="Remove"
            onConfirm={async () => {
              await removeContact(removing!.id);
              notifications.show({
                color: 'teal',
                title: 'Contact removed',
                message: `${removing!.name} is no longer a contact of ${client.name}.`,
              });
              setRemoving(null);
            }}
          >
            Remove <b>{removing?.name}</b> as a contact of {client.name}?
          </ConfirmModal>
          <AddContactsModal
            opened={contactOpened}
            onClose={contactModal.close}
            divisionId={divisionId}
            contactIds={client.users.map((user) => user.id)}
            onSubmit={async (userIds) => {
              await addContacts(userIds);
              notifications.show({
                color: 'teal',
                title: 'Contacts added',
                message: `${userIds.length === 1 ? 'One contact was' : `${userIds.length} contacts were`} added to ${client.name}.`,
              });
            }}
          />
          {CreateProject && canCreateProject && (
            <CreateProject
              opened={projectOpened}
              onClose={projectModal.close}
              client={{ id: client.id, name: client.name }}
              onCreated={() => void refreshClientProjects()}
            />
          )}
        </>
      )}
    </>
  );
}

/** The page without the Create project modal (the app composes it in: app/routes/client-page.tsx). */
export default function ClientRoute() {
  return <ClientPage />;
}
