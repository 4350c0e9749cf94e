import { Fragment, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconSearch, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from './edit-user-confirm';
import { ClientProjects } from './edit-user-projects';
import {
  CLIENT_ROWS_PER_PAGE,
  filterClients,
  pageLinks,
  removeClient,
  setProjectAccess,
  type AssignedClient,
  type Assignments,
} from './edit-user-state';

export const NO_CLIENTS = 'No Clients to be displayed';

/** Spec 001 §9: a local search waits 130 ms after the last keystroke. */
const LOCAL_SEARCH_DELAY_MS = 130;

interface ClientsTableProps {
  divisionId: string;
  assignments: Assignments;
  onChange: (next: Assignments) => void;
  divisionName: (id: string) => string;
}

/**
 * Spec 001 §2, the user's clients: 'Search here', the table (Client Name, Action; 7 rows a page,
 * 3 page links, 'No Clients to be displayed'), each row expanding to its projects, and the delete
 * icon with its confirmation. Every change is local until the page's Save.
 */
export function EditUserClients({ divisionId, assignments, onChange, divisionName }: ClientsTableProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, LOCAL_SEARCH_DELAY_MS);
  // The page belongs to the search it was chosen for: a new search starts on the first page.
  const [place, setPlace] = useState({ query: '', page: 1 });
  const page = place.query === debounced ? place.page : 1;
  const setPage = (next: number) => setPlace({ query: debounced, page: next });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<AssignedClient | null>(null);

  const rows = filterClients(assignments, debounced);
  const pageCount = Math.max(1, Math.ceil(rows.length / CLIENT_ROWS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const shown = rows.slice((current - 1) * CLIENT_ROWS_PER_PAGE, current * CLIENT_ROWS_PER_PAGE);

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label="Search here"
        placeholder="Client or project name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
        description="From 2 characters by client name; from 3, by project name too."
      />
      <Table.ScrollContainer minWidth={300}>
        {/* Fixed layout: a wide projects table scrolls inside its row rather than pushing Action off a phone. */}
        <Table
          aria-label="Clients of this user"
          verticalSpacing="sm"
          horizontalSpacing="md"
          style={{ tableLayout: 'fixed' }}
        >
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>Client Name</Table.Th>
              <Table.Th w={96} ta="right">
                Action
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={2}>
                  <Text ta="center" c="dimmed" py="lg">
                    {NO_CLIENTS}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((client) => {
                const open = expanded.has(client.id);
                const panelId = `client-projects-${client.id}`;
                return (
                  <Fragment key={client.id}>
                    <Table.Tr>
                      <Table.Td>
                        <UnstyledButton
                          type="button"
                          onClick={() => toggle(client.id)}
                          aria-expanded={open}
                          aria-controls={open ? panelId : undefined}
                          fw={500}
                          fz="sm"
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
                        >
                          {open ? (
                            <IconChevronDown size={16} aria-hidden />
                          ) : (
                            <IconChevronRight size={16} aria-hidden />
                          )}
                          {client.name}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Tooltip label="Delete client" withinPortal>
                          <ActionIcon
                            type="button"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete client ${client.name}`}
                            onClick={() => setDeleting(client)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                    {open && (
                      <Table.Tr id={panelId}>
                        <Table.Td colSpan={2} bg="gray.0" px="sm">
                          <ClientProjects
                            divisionId={divisionId}
                            client={client}
                            projects={assignments.projects}
                            divisionName={divisionName}
                            onAccess={(project, access) =>
                              onChange(setProjectAccess(assignments, project, access))
                            }
                          />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pageCount > 1 && <ClientsPager page={current} pageCount={pageCount} onGo={setPage} />}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete client"
        message="Are you sure you want to delete this client?"
        confirmLabel="Delete client"
        danger
        onConfirm={() => {
          if (deleting) onChange(removeClient(assignments, deleting.id));
          setDeleting(null);
        }}
      />
    </Stack>
  );
}

function ClientsPager({
  page,
  pageCount,
  onGo,
}: {
  page: number;
  pageCount: number;
  onGo: (page: number) => void;
}) {
  return (
    <Group component="nav" aria-label="Client pages" justify="flex-end" gap="xs" wrap="nowrap">
      <Text fz="sm" c="dimmed" mr="auto" aria-live="polite" data-testid="clients-pager-status">
        Page {page} of {pageCount}
      </Text>
      <Button
        type="button"
        variant="default"
        size="xs"
        aria-disabled={page === 1 || undefined}
        data-disabled={page === 1 || undefined}
        onClick={() => page > 1 && onGo(page - 1)}
      >
        Previous
      </Button>
      {pageLinks(page, pageCount).map((number) => (
        <Button
          key={number}
          type="button"
          size="xs"
          variant={number === page ? 'filled' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onGo(number)}
        >
          {number}
        </Button>
      ))}
      <Button
        type="button"
        variant="default"
        size="xs"
        aria-disabled={page === pageCount || undefined}
        data-disabled={page === pageCount || undefined}
        onClick={() => page < pageCount && onGo(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
