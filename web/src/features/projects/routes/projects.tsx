import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ActionIcon, Alert, Button, Group, Menu, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArchive,
  IconCloudStorm,
  IconDotsVertical,
  IconList,
  IconPlus,
  IconX,
} from '@tabler/icons-react';
import { ListSearch } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { hasPermission } from '../../../lib/page-access';
import { useProjectsList } from '../api/projects';
import { CreateProjectModal } from '../components/create-project-modal';
import { projectHref, ProjectsTable } from '../components/projects-table';

/**
 * /divisions/{id}/projects and /projects/archive (spec 002 §2 Project list): 'Search Projects', the
 * paginated list, 'Create New Project' (create Project), and the overflow menu: 'Create Multiple
 * Post-Storm Inspections' (pick the projects whose inspections are all complete and certified,
 * then /projects/post-storm?pid=a+b), 'View Archived Projects' or 'View All Projects'.
 */
export function ProjectsList({ archived }: { archived: boolean }) {
  const { divisionId = '' } = useParams();
  const navigate = useNavigate();
  const profile = useSession();
  const list = useProjectsList(divisionId, archived);
  const [createOpened, createModal] = useDisclosure(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const canCreate = hasPermission(profile, 'create', 'Project');
  const canPostStorm = hasPermission(profile, 'create', 'Inspection') && !archived;

  const menu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="More project actions">
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canPostStorm && (
          <Menu.Item leftSection={<IconCloudStorm size={16} />} onClick={() => setSelecting(true)}>
            Create Multiple Post-Storm Inspections
          </Menu.Item>
        )}
        {archived ? (
          <Menu.Item
            leftSection={<IconList size={16} />}
            onClick={() => void navigate(paths.app.projects.getHref(divisionId))}
          >
            View All Projects
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconArchive size={16} />}
            onClick={() => void navigate(paths.app.projectArchive.getHref(divisionId))}
          >
            View Archived Projects
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <>
      <PageHeader
        title={archived ? 'Archived Projects' : 'Projects'}
        description={
          archived
            ? 'Projects that were archived: read-only until restored.'
            : 'The sites of this division and their inspections.'
        }
        actions={
          <Group gap="sm" wrap="nowrap">
            {canCreate && !archived && (
              <Button leftSection={<IconPlus size={18} />} onClick={createModal.open}>
                Create New Project
              </Button>
            )}
            {menu}
          </Group>
        }
      />
      {selecting && (
        <Alert
          color="blue"
          variant="light"
          mb="md"
          icon={<IconCloudStorm size={18} />}
          title="Create Multiple Post-Storm Inspections"
        >
          <Text fz="sm" mb="sm">
            Select the projects to enter a post-storm inspection for. Projects with an inspection still to
            complete and certify cannot be selected.
          </Text>
          <Group gap="sm">
            <Button
              disabled={selected.length === 0}
              onClick={() =>
                void navigate(`${paths.app.postStormProjects.getHref(divisionId)}?pid=${selected.join('+')}`)
              }
            >
              Continue with {selected.length} project{selected.length === 1 ? '' : 's'}
            </Button>
            <Button
              variant="default"
              leftSection={<IconX size={16} />}
              onClick={() => {
                setSelecting(false);
                setSelected([]);
              }}
            >
              Cancel
            </Button>
          </Group>
        </Alert>
      )}
      <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p="md" justify="space-between" gap="sm">
          <ListSearch list={list} label="Search Projects" />
          {list.total !== null && (
            <Text fz="sm" c="dimmed">
              {list.total} {list.total === 1 ? 'project' : 'projects'}
            </Text>
          )}
        </Group>
        <ProjectsTable
          list={list}
          divisionId={divisionId}
          emptyText="No projects found"
          selection={
            selecting
              ? {
                  ids: selected,
                  toggle: (id, on) => setSelected((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id))),
                }
              : null
          }
          onOpen={(row) => void navigate(projectHref(divisionId, row))}
        />
      </Paper>
      <CreateProjectModal opened={createOpened} onClose={createModal.close} />
    </>
  );
}

export default function ProjectsRoute() {
  return <ProjectsList archived={false} />;
}
