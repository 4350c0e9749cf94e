import { useEffect, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconArchive,
  IconArchiveOff,
  IconChevronDown,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPrinter,
  IconTrash,
} from '@tabler/icons-react';
import { localDate } from '@stormline/domain/local-date';
import { projectPermitNumber } from '@stormline/domain/permit-rules';
import { permitSummary } from '@stormline/domain/permit-summary';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { showActionFailure } from '../../../components/action-failure';
import { hasPermission } from '../../../lib/page-access';
import { rememberQrAccess } from '../../../lib/qr-access';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useProject, useProjectActions, type ProjectDetail } from '../api/projects';
import { ContactsTab } from '../components/contacts-tab';
import { ProjectDocumentsTab } from '../components/documents-tab';
import { EditProjectModal } from '../components/create-project-modal';
import { LogTab } from '../components/log-tab';
import { ProjectTabs, type ProjectTab } from '../components/project-tabs';

/** What the project page gives the tabs the app composes into it (the inspections feature's). */
export interface ProjectTabSlotProps {
  divisionId: string;
  project: ProjectDetail;
  /** The public view: read-only, no edit, delete, drag, replace, rename or upload. */
  readOnly: boolean;
}

/** The project menu's prints (spec 002 §2 Project detail). */
export type ProjectPrint = 'swmp' | 'inspections' | 'siteMaps';

/** What the project page gives the print modals the app composes into it (the printing feature's). */
export interface ProjectPrintSlotProps {
  divisionId: string;
  project: ProjectDetail;
  /** The print chosen from the menu, or null while none is open. */
  print: ProjectPrint | null;
  onClose: () => void;
}

const PRINT_ITEMS: readonly { print: ProjectPrint; label: string }[] = [
  { print: 'swmp', label: 'Print SWMP' },
  { print: 'inspections', label: 'Print Inspections' },
  { print: 'siteMaps', label: 'Print Site Maps' },
];

export interface ProjectPageSlots {
  InspectionsTab: ComponentType<ProjectTabSlotProps>;
  FindingsTab: ComponentType<ProjectTabSlotProps>;
  /** BMP Details: the legend items of the project's regulations with their documents (the regulations feature's). */
  BmpTab: ComponentType<ProjectTabSlotProps>;
  /** Print SWMP, Print Inspections and Print Site Maps; without it the menu offers no prints. */
  PrintModals?: ComponentType<ProjectPrintSlotProps>;
}

const TAB_VALUES: readonly ProjectTab[] = [
  'inspections',
  'project-docs',
  'bmp-docs',
  'active-site-map',
  'contacts',
  'findings',
  'log',
];

/** Which rule of its permit the project runs on today and why its next inspection falls then (0049). */
function permitLine(project: ProjectDetail): string | null {
  try {
    return permitSummary(project.permit, {
      routineInterval: project.routine_interval,
      today: localDate(project.timezone, new Date()),
      nextInspectionDate: project.next_inspection_date,
      lastRoutineDate: project.last_routine_date,
    });
  } catch {
    // A permit the clock cannot read (a rule set since withdrawn) leaves the line out, not the page.
    return null;
  }
}

function ProjectSummary({ project }: { project: ProjectDetail }) {
  const permit = permitLine(project);
  const permitNumber = projectPermitNumber(project);
  const place = project.address.state?.abbreviation ?? project.address.countryObj?.name ?? null;
  return (
    <Paper radius="lg" p="md" mb="md">
      <Group gap="xl" wrap="wrap">
        <div>
          <Text fz="xs" c="dimmed">
            Client
          </Text>
          <Text fw={500} fz="sm">
            {project.client.name}
          </Text>
        </div>
        <div>
          <Text fz="xs" c="dimmed">
            Address
          </Text>
          <Text fw={500} fz="sm">
            {[project.address.street_1, project.address.city, place, project.address.zip]
              .filter(Boolean)
              .join(', ') || '—'}
          </Text>
        </div>
        <div>
          <Text fz="xs" c="dimmed">
            Inspections
          </Text>
          <Text fw={500} fz="sm">
            {project.inspectionCount}
          </Text>
        </div>
        <div>
          <Text fz="xs" c="dimmed">
            Open findings
          </Text>
          <Text fw={500} fz="sm">
            {project.openFindingCount}
          </Text>
        </div>
        {project.archivedAt && (
          <Badge color="gray" variant="light" radius="sm">
            Archived: read-only
          </Badge>
        )}
        {project.publishedAt && (
          <Badge color="teal" variant="light" radius="sm">
            Public
          </Badge>
        )}
      </Group>
      {permit && (
        <Text fz="sm" mt="sm" data-testid="permit-summary">
          {permit}
          {permitNumber ? ` Permit ${permitNumber}.` : ''}
        </Text>
      )}
    </Paper>
  );
}

type Pending = 'archive' | 'restore' | 'delete' | null;

/**
 * /divisions/{id}/projects/{id}/{tab} and /projects/archive/{id}/{tab} (spec 002 §2 Project
 * detail): the header, the actions (archive, restore, delete with a confirmation each; Public View
 * with all on QR Access) and the tabs as links; the inspections and findings tabs are the
 * inspections feature's, composed by the app.
 */
export function ProjectPage({ InspectionsTab, FindingsTab, BmpTab, PrintModals }: ProjectPageSlots) {
  const { divisionId = '', projectId = '', tab: tabParam } = useParams();
  const navigate = useNavigate();
  const profile = useSession();
  const { data: project, error } = useProject(divisionId, projectId);
  const { run } = useProjectActions(divisionId, projectId);
  const [pending, setPending] = useState<Pending>(null);
  const [editing, setEditing] = useState(false);
  const [print, setPrint] = useState<ProjectPrint | null>(null);
  const tab: ProjectTab = TAB_VALUES.includes(tabParam as ProjectTab)
    ? (tabParam as ProjectTab)
    : 'inspections';

  useEffect(() => {
    if (project) document.title = `${project.name} · Projects · ${getRuntimeConfig().documentTitle}`;
  }, [project]);

  if (error)
    return (
      <>
        <PageHeader title="Project" />
        <Alert
          color={error instanceof ApiError && error.status === 404 ? 'gray' : 'red'}
          icon={<IconAlertCircle size={18} />}
        >
          {error instanceof ApiError && error.status === 404
            ? 'This project was not found, or you do not have access to it.'
            : `Error loading project ${errorMessage(error, '')}`}
        </Alert>
      </>
    );
  if (!project)
    return (
      <Stack>
        <Skeleton h={36} w={320} />
        <Skeleton h={80} />
      </Stack>
    );

  const archived = project.archivedAt !== null;
  const canUpdate = hasPermission(profile, 'update', 'Project');
  const canDelete = hasPermission(profile, 'delete', 'Project');
  const canPublish = hasPermission(profile, 'all', 'QR Access');
  const visibleTabs = TAB_VALUES.filter((t) => {
    if (t === 'inspections') return hasPermission(profile, 'read', 'Inspection');
    if (t === 'project-docs')
      return hasPermission(profile, 'read', 'Project') || hasPermission(profile, 'read', 'Regulations');
    if (t === 'findings') return hasPermission(profile, 'read', 'Findings');
    return true;
  });
  const base = archived
    ? paths.app.archivedProject.getHref(divisionId, projectId)
    : paths.app.project.getHref(divisionId, projectId);
  const publicHref = paths.public.project.getHref(divisionId, projectId);

  const openPublicView = async () => {
    try {
      if (!project.publishedAt) await run('publish');
      rememberQrAccess();
      window.open(publicHref, '_blank', 'noopener');
    } catch (failure) {
      showActionFailure(failure);
    }
  };

  // Printing reads: everyone who sees the project may print it, archived too (the server checks
  // the same read rule); the public view does not print (docs/decisions/0044).
  const canPrint = Boolean(PrintModals);
  const hasOthers = canUpdate || canDelete || canPublish;
  const actions = (canPrint || hasOthers) && (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {canPrint &&
          PRINT_ITEMS.map((item) => (
            <Menu.Item
              key={item.print}
              leftSection={<IconPrinter size={16} />}
              onClick={() => setPrint(item.print)}
            >
              {item.label}
            </Menu.Item>
          ))}
        {canPrint && hasOthers && <Menu.Divider />}
        {canUpdate && !archived && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            Edit Project
          </Menu.Item>
        )}
        {canPublish && !archived && (
          <Menu.Item leftSection={<IconEye size={16} />} onClick={() => void openPublicView()}>
            Public View
          </Menu.Item>
        )}
        {canPublish && project.publishedAt && (
          <Menu.Item leftSection={<IconEyeOff size={16} />} onClick={() => void run('unpublish')}>
            Withdraw from public view
          </Menu.Item>
        )}
        {canUpdate && !archived && (
          <Menu.Item leftSection={<IconArchive size={16} />} onClick={() => setPending('archive')}>
            Archive
          </Menu.Item>
        )}
        {canUpdate && archived && (
          <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => setPending('restore')}>
            Restore
          </Menu.Item>
        )}
        {canDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setPending('delete')}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  const slotProps = { divisionId, project, readOnly: false };
  return (
    <>
      <PageHeader
        crumbs={[
          {
            label: archived ? 'Archived Projects' : 'Projects',
            href: archived
              ? paths.app.projectArchive.getHref(divisionId)
              : paths.app.projects.getHref(divisionId),
          },
          { label: project.name },
        ]}
        title={project.name}
        actions={actions}
      />
      <ProjectSummary project={project} />
      <ProjectTabs active={tab} visible={visibleTabs} hrefOf={(t) => `${base}/${t}`} />
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        {tab === 'inspections' && <InspectionsTab {...slotProps} />}
        {tab === 'findings' && <FindingsTab {...slotProps} />}
        {tab === 'contacts' && (
          <ContactsTab divisionId={divisionId} projectId={projectId} canEdit={canUpdate && !archived} />
        )}
        {tab === 'log' && <LogTab divisionId={divisionId} projectId={projectId} />}
        {tab === 'project-docs' && (
          <ProjectDocumentsTab
            divisionId={divisionId}
            projectId={projectId}
            siteMaps={false}
            readOnly={archived}
          />
        )}
        {tab === 'bmp-docs' && <BmpTab {...slotProps} />}
        {tab === 'active-site-map' && (
          <ProjectDocumentsTab divisionId={divisionId} projectId={projectId} siteMaps readOnly={archived} />
        )}
      </div>
      {PrintModals && (
        <PrintModals divisionId={divisionId} project={project} print={print} onClose={() => setPrint(null)} />
      )}
      <EditProjectModal opened={editing} onClose={() => setEditing(false)} project={project} />
      <ConfirmModal
        opened={pending !== null}
        title={
          pending === 'archive'
            ? 'Archive project'
            : pending === 'restore'
              ? 'Restore project'
              : 'Delete project'
        }
        confirmLabel={pending === 'archive' ? 'Archive' : pending === 'restore' ? 'Restore' : 'Delete'}
        onClose={() => setPending(null)}
        onConfirm={async () => {
          const action = pending!;
          await run(action);
          setPending(null);
          if (action === 'delete') void navigate(paths.app.projects.getHref(divisionId));
          if (action === 'archive')
            void navigate(paths.app.archivedProject.getHref(divisionId, projectId, tab));
          if (action === 'restore') void navigate(paths.app.project.getHref(divisionId, projectId, tab));
        }}
      >
        {pending === 'archive' &&
          `Archive ${project.name}? It leaves the project lists and becomes read-only until it is restored.`}
        {pending === 'restore' &&
          `Restore ${project.name}? It returns to the project lists and can be edited again.`}
        {pending === 'delete' && `Delete ${project.name}? This cannot be undone.`}
      </ConfirmModal>
    </>
  );
}
