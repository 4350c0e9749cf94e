import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Group, Paper, Skeleton, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBook, IconMapPin, IconPencil, IconTrash } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { errorMessage } from '../../../lib/errors';
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
    <>
      <PageHeader
        crumbs={[
          { label: 'Regulations', href: paths.app.groups.getHref(divisionId) },
          { label: group?.name ?? 'Regulation' },
        ]}
        title={
          group ? (
            <span style={{ overflowWrap: 'anywhere' }}>{group.name}</span>
          ) : isLoading ? (
            <Skeleton h={30} w={220} />
          ) : (
            'Regulation'
          )
        }
        actions={
          group && (
            <>
              {canUpdate && (
                <Button variant="default" leftSection={<IconPencil size={18} />} onClick={editModal.open}>
                  Edit
                </Button>
              )}
              {canDelete && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={18} />}
                  onClick={deleteModal.open}
                >
                  Delete
                </Button>
              )}
            </>
          )
        }
      />
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="This regulation could not be loaded"
          role="alert"
        >
          {errorMessage(error)}
        </Alert>
      ) : (
        <>
          <Paper p="lg" radius="lg" mb="lg">
            <Group gap="xl">
              <div>
                <Text fz="xs" c="dimmed">
                  # of Documents
                </Text>
                <Text fw={500} data-testid="group-document-count">
                  {group ? group.num_documents : <Skeleton h={16} w={40} mt={4} />}
                </Text>
              </div>
              <div>
                <Text fz="xs" c="dimmed">
                  Date Modified
                </Text>
                <Text fw={500}>
                  {group ? formatDate(group.updatedAt) : <Skeleton h={16} w={90} mt={4} />}
                </Text>
              </div>
            </Group>
          </Paper>
          <Paper radius="lg" p={0}>
            <Tabs
              value={tab}
              keepMounted={false}
              onChange={(value) =>
                // A tab starts on its first page: the other tab's list place is dropped.
                value && setParams(value === 'bmp' ? { tab: 'bmp' } : {}, { replace: true })
              }
            >
              <Tabs.List px="md" pt="xs">
                {TABS.map(({ value, label, icon: Icon }) => (
                  <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} stroke={1.6} />}>
                    {label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="regulations" p="md">
                <RegulationsTab groupId={groupId} />
              </Tabs.Panel>
              <Tabs.Panel value="bmp" p="md">
                <BmpTab groupId={groupId} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </>
      )}
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
    </>
  );
}
