import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { ListError } from '../../../components/list-error';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { hasPermission } from '../../../lib/page-access';
import { createDivision } from '../api/create-division';
import { useDivisions } from '../api/get-divisions';
import { DivisionNameModal } from '../components/division-name-modal';
import { DivisionsTable } from '../components/divisions-table';

/** /divisions (spec 001 §2): search by name, Add Division with create Divisions, rows open with update Divisions. */
export default function DivisionsRoute() {
  const profile = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 500);
  // Pages are reached by the server's cursors: the ones of the pages before this one are kept,
  // so Previous goes back without the server remembering anything.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [createOpened, createModal] = useDisclosure(false);
  // A new search starts at the first page (the cursor is part of the list key, so nothing stale shows).
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setCursors([undefined]);
  }
  const page = cursors.length;
  const { data, error, isLoading, mutate } = useDivisions(cursors[page - 1], debouncedSearch);
  const nextCursor = data?.paginationState.nextCursor ?? null;
  const total = data?.paginationState.numModels ?? null;

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
          <TextInput
            aria-label="Search divisions"
            placeholder="Search by name"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 320 }}
          />
          {total !== null && (
            <Text fz="sm" c="dimmed">
              {total} {total === 1 ? 'division' : 'divisions'}
            </Text>
          )}
        </Group>
        {error && !data ? (
          <Stack p="md" pt={0}>
            <ListError error={error} onRetry={() => void mutate()} />
          </Stack>
        ) : (
          <DivisionsTable
            divisions={data?.pageData}
            loading={isLoading}
            canOpen={canOpen}
            onOpen={(id) => void navigate(paths.app.division.getHref(id))}
          />
        )}
        {(page > 1 || nextCursor) && (
          <Group
            justify="flex-end"
            p="md"
            gap="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Button
              variant="default"
              size="xs"
              disabled={page === 1}
              onClick={() => setCursors((previous) => previous.slice(0, -1))}
            >
              Previous
            </Button>
            <Text fz="sm" c="dimmed" aria-live="polite">
              Page {page}
            </Text>
            <Button
              variant="default"
              size="xs"
              disabled={!nextCursor}
              onClick={() => nextCursor && setCursors((previous) => [...previous, nextCursor])}
            >
              Next
            </Button>
          </Group>
        )}
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
