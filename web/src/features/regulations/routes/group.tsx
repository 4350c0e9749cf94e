import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBook, IconMapPin } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { TabScreen } from '../../../components/tab-screen';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { formatDate } from '../../../lib/format';
import { hasPermission } from '../../../lib/page-access';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useDeleteGroup } from '../api/delete-group';
import { useGroup } from '../api/get-group';
import { useUpdateGroup } from '../api/update-group';
import { BmpTab } from '../components/bmp-tab';
import { GroupNameModal } from '../components/group-name-modal';
import { RegulationsTab } from '../components/regulations-tab';

const TABS = [
  { value: 'regulations', label: 'Regulations', icon: IconBook },
  { value: 'bmp', label: 'BMP', icon: IconMapPin },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * /divisions/{id}/groups/{groupId} (spec 001 §2): the group's name with Edit and Delete (update and
 * delete Regulations), its count and date modified, and the Regulations and BMP tabs, the tab in
 * the URL (?tab=bmp) so Back and links keep it.
 */
export default function GroupRoute() {
  const { groupId = '' } = useParams();
  const divisionId = useDivisionId();
  const navigate = useNavigate();
  const profile = useSession();
  const [params, setParams] = useSearchParams();
  const tab: TabValue = params.get('tab') === 'bmp' ? 'bmp' : 'regulations';
  const { data: group, error, isLoading } = useGroup(groupId);
  const { trigger: updateGroup } = useUpdateGroup(groupId);
  const { trigger: deleteGroup } = useDeleteGroup(groupId);
  const [editOpened, editModal] = useDisclosure(false);
  const [deleteOpened, deleteModal] = useDisclosure(false);
  const canUpdate = hasPermission(profile, 'update', 'Regulations');
  const canDelete = hasPermission(profile, 'delete', 'Regulations');

  useEffect(() => {
    if (group) document.title = `${group.name} · Regulations · ${getRuntimeConfig().documentTitle}`;
  }, [group]);

  return (
    <TabScreen
      crumbs={[
        { label: 'Regulations', href: paths.app.groups.getHref(divisionId) },
        { label: group?.name ?? 'Regulation' },
      ]}
      name={group?.name}
      loading={isLoading}
      noun="Regulation"
      error={error}
      onEdit={canUpdate ? editModal.open : undefined}
      onDelete={canDelete ? deleteModal.open : undefined}
      facts={[
        {
          label: '# of Documents',
          value: (
            <Text fw={500} component="div" data-testid="group-document-count">
              {group ? group.num_documents : <Skeleton h={16} w={40} mt={4} />}
            </Text>
          ),
        },
        {
          label: 'Date Modified',
          value: (
            <Text fw={500} component="div">
              {group ? formatDate(group.updatedAt) : <Skeleton h={16} w={90} mt={4} />}
            </Text>
          ),
        },
      ]}
      tabs={TABS}
      activeTab={tab}
      // A tab starts on its first page: the other tab's list place is dropped.
      onTabChange={(value) => setParams(value === 'bmp' ? { tab: 'bmp' } : {}, { replace: true })}
      panelPadding="md"
      renderPanel={(value) =>
        value === 'bmp' ? <BmpTab groupId={groupId} /> : <RegulationsTab groupId={groupId} />
      }
    >
      {group && (
        <>
          <GroupNameModal
            opened={editOpened}
            onClose={editModal.close}
            title="Edit regulation"
            submitLabel="Save"
            initialName={group.name}
            onSubmit={async (name) => {
              const saved = await updateGroup({ name, version: group.version });
              notifications.show({
                color: 'teal',
                title: 'Regulation saved',
                message: `The regulation is now named ${saved.name}.`,
              });
            }}
          />
          <ConfirmModal
            opened={deleteOpened}
            onClose={deleteModal.close}
            title="Delete regulation"
            confirmLabel="Delete"
            requireUnderstanding
            onConfirm={async () => {
              const { destroyed } = await deleteGroup();
              notifications.show({
                color: 'teal',
                title: 'Regulation deleted',
                message: destroyed
                  ? `${group.name} and its documents were deleted.`
                  : `${group.name} was removed from this division; the other divisions holding it keep it.`,
              });
              void navigate(paths.app.groups.getHref(divisionId), { replace: true });
            }}
          >
            Deleting <b>{group.name}</b> removes it from this division, and from its legend items here. If no
            other division holds it, the regulation and its {group.num_documents}{' '}
            {group.num_documents === 1 ? 'document' : 'documents'} are deleted for good.
          </ConfirmModal>
        </>
      )}
    </TabScreen>
  );
}
