import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBook,
  IconBriefcase,
  IconPencil,
  IconTemplate,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { isUserDivision } from '../../../lib/division';
import { errorMessage } from '../../../lib/errors';
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
import classes from './division.module.css';

/** Spec 001 §2: the resource tabs, under /divisions/{id}/resources/{kebab-case tab}. */
const TAB_ICONS: Record<ResourceTab['tab'], typeof IconBook> = {
  regulations: IconBook,
  'inspection-templates': IconTemplate,
  clients: IconBriefcase,
  users: IconUsers,
};

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
    <>
      <PageHeader
        crumbs={[
          { label: 'Divisions', href: paths.app.divisions.getHref() },
          { label: division?.name ?? 'Division' },
        ]}
        title={division ? division.name : isLoading ? <Skeleton h={30} w={220} /> : 'Division'}
        actions={
          division && (
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
          title="This division could not be loaded"
          role="alert"
        >
          {errorMessage(error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <Paper p="lg" radius="lg">
            <Group gap="xl">
              <div>
                <Text fz="xs" c="dimmed">
                  Created At
                </Text>
                <Text fw={500}>
                  {division ? formatDate(division.createdAt) : <Skeleton h={16} w={90} mt={4} />}
                </Text>
              </div>
              <div>
                <Text fz="xs" c="dimmed">
                  Your access
                </Text>
                <Badge variant="light" color={member ? 'teal' : 'gray'} radius="sm" mt={2}>
                  {member ? 'You belong to this division' : 'Administered, not a member'}
                </Badge>
              </div>
            </Group>
          </Paper>
          <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
            <Tabs
              value={activeTab.tab}
              keepMounted={false}
              onChange={(value) =>
                value &&
                void navigate(paths.app.divisionResources.getHref(divisionId, value), { replace: true })
              }
              classNames={{ list: classes.list, tab: classes.tab }}
            >
              <Tabs.List px="md" pt="xs" aria-label="Division resources">
                {RESOURCE_TABS.map(({ tab: value, label }) => {
                  const Icon = TAB_ICONS[value];
                  return (
                    <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} stroke={1.6} />}>
                      {label}
                    </Tabs.Tab>
                  );
                })}
              </Tabs.List>
              {RESOURCE_TABS.map((resourceTab) => (
                <Tabs.Panel key={resourceTab.tab} value={resourceTab.tab}>
                  {division && (
                    <ResourceTabPanel
                      divisionId={divisionId}
                      divisionName={division.name}
                      tab={resourceTab}
                      canUpdate={canUpdate}
                    />
                  )}
                </Tabs.Panel>
              ))}
            </Tabs>
          </Paper>
        </Stack>
      )}
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
    </>
  );
}
