import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
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
  const [page, setPage] = useState(1);
  const [createOpened, createModal] = useDisclosure(false);
  // A new search starts at page 1 (and the page is part of the list key, so nothing stale shows).
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPage(1);
  }
  const { data, error, isLoading, mutate } = useDivisions(page, debouncedSearch);

  const canCreate = hasPermission(profile, 'create', 'Divisions');
  const canOpen = hasPermission(profile, 'update', 'Divisions');
  const pages = data ? Math.ceil(data.paginationState.numModels / data.paginationState.pageSize) : 0;

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
          {data && (
            <Text fz="sm" c="dimmed">
              {data.paginationState.numModels}{' '}
              {data.paginationState.numModels === 1 ? 'division' : 'divisions'}
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
        {pages > 1 && (
          <Group justify="flex-end" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Pagination total={pages} value={page} onChange={setPage} siblings={1} size="sm" />
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
