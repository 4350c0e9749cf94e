import { useMemo, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ListSearch, ServerTable } from '../../../components/data-table';
import { countOf, useRemoveResources, useResourceList, type ResourceTab } from '../api/division-resources';
import { AddResourcesModal } from './add-resources-modal';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { resourceColumns, rowName } from './resource-columns';

/**
 * One resource tab of a division (spec 001 §2): searchable, with checkbox selection and 'Selected
 * N of M items', 'Add {thing}' (nothing selected) or 'Delete {thing}' (rows selected) for callers
 * who may update Divisions, and the 'Yes, I understand' confirmation. The selection clears on a
 * page or search change.
 */
export function ResourceTabPanel({
  divisionId,
  divisionName,
  tab,
  canUpdate,
}: {
  divisionId: string;
  divisionName: string;
  tab: ResourceTab;
  canUpdate: boolean;
}) {
  const list = useResourceList(divisionId, tab.kind);
  const { trigger: remove } = useRemoveResources(divisionId, tab.kind);
  const [addOpened, addModal] = useDisclosure(false);
  const [removeOpened, removeModal] = useDisclosure(false);
  const place = `${list.page}|${list.search}`;
  const [selection, setSelection] = useState<{ place: string; ids: string[] }>({ place, ids: [] });
  const selectedIds = selection.place === place ? selection.ids : [];
  const columns = useMemo(() => resourceColumns(divisionId, tab.kind, true), [divisionId, tab.kind]);
  const things = tab.label.toLowerCase();

  const action = canUpdate ? (
    selectedIds.length > 0 ? (
      <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={removeModal.open}>
        Delete {tab.label}
      </Button>
    ) : (
      <Button leftSection={<IconPlus size={16} />} onClick={addModal.open}>
        Add {tab.label}
      </Button>
    )
  ) : null;

  return (
    <>
      <Group p="md" pb="xs" justify="space-between" gap="sm">
        <ListSearch
          list={list}
          label={`Search ${things}`}
          placeholder={tab.kind === 'users' ? 'Search by name or email' : 'Search by name'}
        />
        {action}
      </Group>
      <ServerTable
        list={list}
        label={`${tab.label} of ${divisionName}`}
        testId={`division-${tab.tab}`}
        columns={columns}
        getRowId={(row) => row.id}
        emptyText={`No ${things} found`}
        selection={
          canUpdate
            ? {
                selectedIds,
                onChange: (ids) => setSelection({ place, ids }),
                rowLabel: rowName,
              }
            : undefined
        }
      />
      {canUpdate && (
        <>
          <AddResourcesModal
            opened={addOpened}
            onClose={addModal.close}
            divisionId={divisionId}
            divisionName={divisionName}
            tab={tab}
          />
          <ConfirmDeleteModal
            opened={removeOpened}
            onClose={removeModal.close}
            title={`Delete ${tab.label}`}
            onConfirm={async () => {
              const { removed, deleted } = await remove(selectedIds);
              setSelection({ place, ids: [] });
              removeModal.close();
              notifications.show({
                color: 'teal',
                title: `${tab.label} removed`,
                message:
                  `${countOf(removed.length, tab)} removed from ${divisionName}.` +
                  (deleted.length > 0
                    ? ` ${countOf(deleted.length, tab)} belonged to no other division and ${deleted.length === 1 ? 'was' : 'were'} deleted.`
                    : ''),
              });
            }}
          >
            <Text fz="sm">
              Remove {countOf(selectedIds.length, tab)} from <b>{divisionName}</b>?
            </Text>
            <Text fz="sm" c="dimmed">
              {REMOVAL_NOTE[tab.kind]}
            </Text>
          </ConfirmDeleteModal>
        </>
      )}
    </>
  );
}

/** What removing does, by kind (docs/decisions/0016). */
const REMOVAL_NOTE: Record<ResourceTab['kind'], string> = {
  regulations:
    "The division's legend items let go of them. A regulation no other division holds is deleted with its documents. One its projects use cannot be removed.",
  inspectionTemplates:
    'The templates stay available to other divisions. One the division’s projects use cannot be removed.',
  clients:
    'A client no other division holds is deleted with its contacts. A client with projects in this division cannot be removed.',
  users:
    'They keep their account and their other divisions. A user who belongs to no other division cannot be removed.',
};
