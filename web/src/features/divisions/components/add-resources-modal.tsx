import { useMemo, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_TEXT_MAX_LENGTH } from '@stormline/contract/schemas';
import { DataTable } from '../../../components/data-table';
import { ServerError } from '../../../components/server-error';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import {
  countOf,
  useAddResources,
  useCatalogueList,
  type ResourceRow,
  type ResourceTab,
} from '../api/division-resources';
import { heldColumn, resourceColumns, rowName } from './resource-columns';

interface Props {
  divisionId: string;
  divisionName: string;
  tab: ResourceTab;
  onClose: () => void;
}

/**
 * 'Add {thing}' (spec 001 §2): the company's rows, searchable and paged, with checkbox selection of
 * those the division does not hold yet; the selection clears on a page or search change. Mounted
 * each time the modal opens. The rows it holds stay listed with their checkbox disabled: filtered
 * out, a page of rows all held already showed 'No available items' while later pages had some.
 */
function AddResources({ divisionId, divisionName, tab, onClose }: Props) {
  const catalogue = useCatalogueList(divisionId, tab.kind);
  const { trigger, isMutating } = useAddResources(divisionId, tab.kind);
  const [selection, setSelection] = useState<{ place: string; ids: string[] }>({ place: '', ids: [] });
  const [error, setError] = useState<string | null>(null);
  const place = `${catalogue.page}|${catalogue.searchText.trim()}`;
  const selectedIds = selection.place === place ? selection.ids : [];
  const columns = useMemo(
    () => [...resourceColumns(divisionId, tab.kind, false), heldColumn(divisionName)],
    [divisionId, divisionName, tab.kind],
  );
  const available = useMemo(() => catalogue.rows?.filter((row) => !row.inDivision), [catalogue.rows]);
  const checkboxLabel = (row: ResourceRow) =>
    row.inDivision ? `${rowName(row)}, in ${divisionName} already` : rowName(row);
  const { query } = catalogue;
  const status = query.error
    ? query.error instanceof ApiError && query.error.status === 403
      ? 'forbidden'
      : 'error'
    : query.data === undefined
      ? 'loading'
      : 'ready';

  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        Choose the {tab.label.toLowerCase()} to add to {divisionName}. Those it holds already cannot be chosen
        again.
      </Text>
      <TextInput
        type="search"
        aria-label={`Search ${tab.label.toLowerCase()} to add`}
        placeholder={tab.kind === 'users' ? 'Search by last name' : 'Search by name'}
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        value={catalogue.searchText}
        onChange={(event) => catalogue.setSearchText(event.currentTarget.value)}
        data-autofocus
      />
      <DataTable
        label={`${tab.label} to add`}
        columns={columns}
        rows={catalogue.rows}
        getRowId={(row) => row.id}
        status={status}
        error={query.error}
        onReload={() => void query.mutate()}
        refreshing={query.isLoading && query.data !== undefined}
        emptyText="No available items"
        skeletonRows={3}
        selection={{
          selectedIds,
          onChange: (ids) => setSelection({ place, ids }),
          total: available?.length ?? 0,
          rowLabel: checkboxLabel,
          canSelect: (row) => !row.inDivision,
        }}
      />
      {(catalogue.previous || catalogue.next) && (
        <Group justify="space-between" component="nav" aria-label="Pages">
          <Button
            variant="default"
            size="xs"
            disabled={!catalogue.previous}
            onClick={catalogue.previous ?? undefined}
          >
            Previous
          </Button>
          <Text fz="sm" c="dimmed">
            Page {catalogue.page}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={!catalogue.next}
            onClick={catalogue.next ?? undefined}
          >
            Next
          </Button>
        </Group>
      )}
      {error && <ServerError>{error}</ServerError>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isMutating}>
          Cancel
        </Button>
        <Button
          disabled={selectedIds.length === 0}
          loading={isMutating}
          onClick={async () => {
            setError(null);
            try {
              const { added } = await trigger(selectedIds);
              notifications.show({
                color: 'teal',
                title: `${tab.label} added`,
                message: `${countOf(added.length, tab)} added to ${divisionName}.`,
              });
              onClose();
            } catch (failure) {
              setError(errorMessage(failure, 'An error has occurred'));
            }
          }}
        >
          Add {tab.label}
        </Button>
      </Group>
    </Stack>
  );
}

export function AddResourcesModal({ opened, ...props }: Props & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={props.onClose} title={`Add ${props.tab.label}`} radius="lg" size="lg">
      <AddResources {...props} />
    </Modal>
  );
}
