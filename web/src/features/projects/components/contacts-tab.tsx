import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import useSWR from 'swr';
import { usersRoutes } from '@stormline/contract/areas/users';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ServerError } from '../../../components/server-error';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { errorMessage } from '../../../lib/errors';
import {
  addProjectContacts,
  removeProjectContact,
  useProjectContacts,
  type ProjectContact,
} from '../api/projects';

function AddContactModal({
  divisionId,
  projectId,
  onClose,
}: {
  divisionId: string;
  projectId: string;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data } = useSWR(cacheKey(divisionId, 'users/search', debounced), () =>
    callApi(usersRoutes.listUsers, { divisionId, query: { s: debounced || undefined } }),
  );
  const options = (data?.pageData ?? []).map((u) => ({
    value: u.id,
    label: `${[u.first_name, u.last_name].filter(Boolean).join(' ') || u.email} (${u.email})`,
  }));
  return (
    <Stack>
      <Select
        label="User"
        placeholder="Search by name or e-mail"
        searchable
        data={options}
        value={userId}
        onChange={setUserId}
        onSearchChange={setSearch}
        searchValue={search}
        nothingFoundMessage="No available items"
        data-autofocus
      />
      {error && <ServerError>{error}</ServerError>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!userId}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await addProjectContacts(divisionId, projectId, [userId!]);
              onClose();
            } catch (failure) {
              setError(errorMessage(failure, 'An error has occurred'));
              setBusy(false);
            }
          }}
        >
          Add Contact
        </Button>
      </Group>
    </Stack>
  );
}

/** The Contacts tab (spec 002 §2): the users given access to the project; add and remove with update Project. */
export function ContactsTab({
  divisionId,
  projectId,
  canEdit,
}: {
  divisionId: string;
  projectId: string;
  canEdit: boolean;
}) {
  const { data, error } = useProjectContacts(divisionId, projectId);
  const [addOpened, addModal] = useDisclosure(false);
  const [removing, setRemoving] = useState<ProjectContact | null>(null);
  return (
    <Paper radius="lg" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Contacts</Text>
        {canEdit && (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconUserPlus size={16} />}
            onClick={addModal.open}
          >
            Add Contact
          </Button>
        )}
      </Group>
      {error && <ServerError>{errorMessage(error, 'An error has occurred')}</ServerError>}
      {data && data.pageData.length === 0 && (
        <Text c="dimmed" fz="sm">
          No contacts yet.
        </Text>
      )}
      {data && data.pageData.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>E-mail</Table.Th>
                {canEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.pageData.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td fw={500}>{c.name}</Table.Td>
                  <Table.Td>{c.roleName}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.email}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${c.name}`}
                        onClick={() => setRemoving(c)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={addOpened} onClose={addModal.close} title="Add Contact" radius="lg">
        {addOpened && (
          <AddContactModal divisionId={divisionId} projectId={projectId} onClose={addModal.close} />
        )}
      </Modal>
      <ConfirmModal
        opened={removing !== null}
        title="Remove contact"
        confirmLabel="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await removeProjectContact(divisionId, projectId, removing!.id);
          setRemoving(null);
        }}
      >
        Remove {removing?.name} from this project? They will no longer see it if their role sees only the
        projects they were given.
      </ConfirmModal>
    </Paper>
  );
}
