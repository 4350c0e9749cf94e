import { useMemo, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { ListSearch } from '../../../components/data-table';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/auth';
import { hasPermission } from '../../../lib/page-access';
import { useLegendItemsList, type LegendRow } from '../api/get-legend-items';
import { useDeleteLegendItem } from '../api/legend-writes';
import { LegendItemModal, type LegendModalState } from '../components/legend-item-modal';
import { LegendTable, type LegendRowActions } from '../components/legend-table';

/**
 * /divisions/{id}/map-legend (spec 001 §2): the division's legend items (control measures and
 * pollutants) with their map symbols, 'Search Map Legend', and the Create, Edit and read-only
 * modals; Delete with a confirmation. Each action is offered by the user's Legend Item permissions.
 */
export default function LegendItemsRoute() {
  const profile = useSession();
  const list = useLegendItemsList();
  const { trigger: deleteItem } = useDeleteLegendItem();
  const [modal, setModal] = useState<LegendModalState>(null);
  const [deleting, setDeleting] = useState<LegendRow | null>(null);
  const canCreate = hasPermission(profile, 'create', 'Legend Item');
  const canUpdate = hasPermission(profile, 'update', 'Legend Item');
  const canDelete = hasPermission(profile, 'delete', 'Legend Item');

  const actions = useMemo<LegendRowActions>(
    () => ({
      view: (row) => setModal({ mode: 'view', id: row.id }),
      edit: canUpdate ? (row) => setModal({ mode: 'edit', id: row.id }) : null,
      remove: canDelete ? setDeleting : null,
    }),
    [canUpdate, canDelete],
  );

  return (
    <>
      <PageHeader
        title="Legend Items"
        description="The control measures and pollutants drawn on site maps, with their symbols and documents."
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setModal({ mode: 'create' })}>
              Create
            </Button>
          )
        }
      />
      <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p="md" justify="space-between" gap="sm">
          <ListSearch list={list} label="Search Map Legend" />
          {list.total !== null && (
            <Text fz="sm" c="dimmed">
              {list.total} {list.total === 1 ? 'legend item' : 'legend items'}
            </Text>
          )}
        </Group>
        <LegendTable list={list} actions={actions} />
      </Paper>
      <LegendItemModal state={modal} onClose={() => setModal(null)} onOpen={setModal} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete legend item"
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteItem(deleting.id);
          notifications.show({
            color: 'teal',
            title: 'Legend item deleted',
            message: `${deleting.name} was deleted.`,
          });
          setDeleting(null);
        }}
      >
        Are you sure you want to delete <b>{deleting?.name}</b>? Its documents are deleted too.
      </ConfirmModal>
    </>
  );
}
