import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Badge, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBook, IconBriefcase, IconTemplate, IconUsers } from '@tabler/icons-react';
import { TabScreen, type ScreenTab } from '../../../components/tab-screen';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { isUserDivision } from '../../../lib/division';
import { formatDate } from '../../../lib/format';
import { hasPermission } from '../../../lib/page-access';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { RESOURCE_TABS, type ResourceTab } from '../api/division-resources';
import { useDeleteDivision } from '../api/delete-division';
import { useDivision } from '../api/get-division';
import { useUpdateDivision } from '../api/update-division';
import { DeleteDivisionModal } from '../components/delete-division-modal';
import { DivisionNameModal } from '../components/division-name-modal';
import { ResourceTabPanel } from '../components/resource-tab-panel';

/** Spec 001 §2: the resource tabs, under /divisions/{id}/resources/{kebab-case tab}. */
const TAB_ICONS: Record<ResourceTab['tab'], ScreenTab<string>['icon']> = {
  regulations: IconBook,
  'inspection-templates': IconTemplate,
  clients: IconBriefcase,
  users: IconUsers,
};
const TABS = RESOURCE_TABS.map(({ tab, label }) => ({ value: tab, label, icon: TAB_ICONS[tab] }));

/** /divisions/{id}: the division's name with Edit and Delete, and its resource tabs. */
export default function DivisionRoute() {
  const { divisionId = '', tab } = useParams();
  const navigate = useNavigate();
  const profile = useSession();
  const { data: division, error, isLoading } = useDivision(divisionId);
  const { trigger: updateDivision } = useUpdateDivision(divisionId);
  const { trigger: deleteDivision } = useDeleteDivision(divisionId);
  const [editOpened, editModal] = useDisclosure(false);
  const [deleteOpened, deleteModal] = useDisclosure(false);
  const activeTab = RESOURCE_TABS.find((t) => t.tab === tab) ?? RESOURCE_TABS[0];

  useEffect(() => {
    if (division) document.title = `${division.name} · Divisions · ${getRuntimeConfig().documentTitle}`;
  }, [division]);

  const canUpdate = hasPermission(profile, 'update', 'Divisions');
  const canDelete = hasPermission(profile, 'delete', 'Divisions');
  const member = isUserDivision(profile, divisionId);

  return (
    <TabScreen
      crumbs={[
        { label: 'Divisions', href: paths.app.divisions.getHref() },
        { label: division?.name ?? 'Division' },
      ]}
      name={division?.name}
      loading={isLoading}
      noun="Division"
      error={error}
      onEdit={canUpdate ? editModal.open : undefined}
      onDelete={canDelete ? deleteModal.open : undefined}
      facts={[
        {
          label: 'Created At',
          value: (
            <Text fw={500} component="div">
              {division ? formatDate(division.createdAt) : <Skeleton h={16} w={90} mt={4} />}
            </Text>
          ),
        },
        {
          label: 'Your access',
          value: (
            <Badge variant="light" color={member ? 'teal' : 'gray'} radius="sm" mt={2}>
              {member ? 'You belong to this division' : 'Administered, not a member'}
            </Badge>
          ),
        },
      ]}
      tabs={TABS}
      activeTab={activeTab.tab}
      onTabChange={(value) =>
        void navigate(paths.app.divisionResources.getHref(divisionId, value), { replace: true })
      }
      tabsLabel="Division resources"
      renderPanel={(value) =>
        division && (
          <ResourceTabPanel
            divisionId={divisionId}
            divisionName={division.name}
            tab={RESOURCE_TABS.find((t) => t.tab === value)!}
            canUpdate={canUpdate}
          />
        )
      }
    >
      {division && (
        <>
          <DivisionNameModal
            opened={editOpened}
            onClose={editModal.close}
            title="Edit division"
            submitLabel="Save"
            initialName={division.name}
            onSubmit={async (name) => {
              const saved = await updateDivision({ name, version: division.version });
              notifications.show({
                color: 'teal',
                title: 'Division saved',
                message: `The division is now named ${saved.name}.`,
              });
            }}
          />
          <DeleteDivisionModal
            opened={deleteOpened}
            onClose={deleteModal.close}
            divisionName={division.name}
            onConfirm={async () => {
              await deleteDivision();
              notifications.show({
                color: 'teal',
                title: 'Division deleted',
                message: `${division.name} was deleted.`,
              });
              void navigate(paths.app.divisions.getHref(), { replace: true });
            }}
          />
        </>
      )}
    </TabScreen>
  );
}
