import { useEffect, useState, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Menu, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconChevronDown,
  IconLockOpen,
  IconMap,
  IconPrinter,
  IconTrash,
  IconUserEdit,
} from '@tabler/icons-react';
import { displayDate } from '@stormline/domain/local-date';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LinkTabs } from '../../../components/link-tabs';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCurrentDivisionId, useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { hasPermission } from '../../../lib/page-access';
import { usePublicDivisionId } from '../../../lib/public-session';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { deleteInspection, reopenInspection, useInspection } from '../api/inspections';
import { CertificationTab } from '../components/certification-tab';
import { InspectionSiteMaps } from '../components/inspection-site-maps';
import { ChangeInspectorModal } from '../components/change-inspector-modal';
import { FindingDetail } from '../components/finding-detail';
import { FindingsTab } from '../components/findings-tab';
import { NotesPanel } from '../components/notes-panel';
import { QuestionnaireTab } from '../components/questionnaire';
import { useInspectionLinks } from '../inspection-links';

const TABS = [
  { value: 'questionnaire', label: 'Inspection Questions' },
  { value: 'findings', label: 'Findings' },
  { value: 'map', label: 'Map' },
  { value: 'certification', label: 'Certification' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** Spec 002 §4 Reopening: the confirmation's words. */
export const REOPEN_TEXT =
  'Edit this inspection? It opens the inspection for editing, deletes all compliance signatures and unlocks the questions. This cannot be undone.';

/** The inspection's prints (spec 002 §2): the menu's two, and the findings list's report. */
export type InspectionPrint = 'inspection' | 'siteMap' | 'findings';

/** What the inspection page gives the print modals the app composes into it (the printing feature's). */
export interface InspectionPrintSlotProps {
  divisionId: string;
  inspection: {
    id: string;
    /** 'Routine Inspection #8'. */
    name: string;
    projectId: string;
    template: { id: string; version: number };
  };
  print: InspectionPrint | null;
  onClose: () => void;
}

/**
 * /inspection/{id}/{tab} (spec 002 §2 Inspection detail): the header (title, number, date, project
 * and client), the menu (Back to Project, Delete Inspection, Edit Inspection, Print Inspection,
 * Print Site Map) and the tabs Inspection Questions, Findings, Map and Certification, each shown by
 * the rules of §2. The prints come from the app (`PrintModals`); the public twin, read-only,
 * offers the menu's Print Inspection and Print Site Map as the public account (docs/decisions/0044).
 */
export function InspectionScreen({ PrintModals }: { PrintModals?: ComponentType<InspectionPrintSlotProps> }) {
  const { inspectionId = '', tab: tabParam, findingId } = useParams();
  const links = useInspectionLinks();
  const signedInDivisionId = useCurrentDivisionId();
  const publicDivisionId = usePublicDivisionId();
  const divisionId = (links.isPublic ? publicDivisionId : signedInDivisionId) ?? '';
  const navigate = useNavigate();
  const profile = useSession();
  const { data: inspection, error } = useInspection(divisionId, inspectionId);
  const [pending, setPending] = useState<'delete' | 'reopen' | null>(null);
  const [changingInspector, setChangingInspector] = useState(false);
  const [print, setPrint] = useState<InspectionPrint | null>(null);
  const tab: Tab = findingId
    ? 'findings'
    : TABS.some((t) => t.value === tabParam)
      ? (tabParam as Tab)
      : 'questionnaire';

  useEffect(() => {
    if (inspection)
      document.title = `Inspection #${inspection.number} · ${inspection.project.name} · ${getRuntimeConfig().documentTitle}`;
  }, [inspection]);

  if (error || !divisionId)
    return (
      <>
        <PageHeader title="Inspection" />
        <Alert color="gray" icon={<IconAlertCircle size={18} />}>
          {!divisionId
            ? 'Open this inspection from its project’s public link.'
            : error instanceof ApiError && error.status === 404
              ? 'This inspection was not found, or you do not have access to it.'
              : errorMessage(error, 'An error has occurred')}
        </Alert>
      </>
    );
  if (!inspection)
    return (
      <Stack>
        <Skeleton h={36} w={320} />
        <Skeleton h={200} />
      </Stack>
    );

  const projectHref = links.isPublic
    ? `${paths.public.project.getHref(divisionId, inspection.project.id)}/inspections`
    : inspection.project.archivedAt
      ? `${paths.app.archivedProject.getHref(divisionId, inspection.project.id)}/inspections`
      : paths.app.project.getHref(divisionId, inspection.project.id, 'inspections');
  const visible = TABS.filter((t) => {
    if (t.value === 'findings') return links.isPublic || hasPermission(profile, 'read', 'Findings');
    if (t.value === 'certification')
      return (
        links.isPublic ||
        hasPermission(profile, 'all', 'Certify') ||
        hasPermission(profile, 'all', 'Sign Off') ||
        hasPermission(profile, 'all', 'Acknowledgement')
      );
    return true;
  });
  const canDelete = hasPermission(profile, 'delete', 'Inspection') && !inspection.project.archivedAt;
  const canChangeInspector =
    hasPermission(profile, 'update', 'Inspection') &&
    hasPermission(profile, 'create', 'Project') &&
    inspection.editable &&
    !inspection.project.archivedAt;
  // Printing reads: whoever sees the inspection may print it (the server checks the same rule), the
  // public visitor too (spec 002 §2: the public page is the inspection's read-only twin, its menu
  // with Print Inspection and Print Site Map). The findings list's report stays the signed-in one's.
  const canPrint = Boolean(PrintModals);
  const canPrintFindings = canPrint && !links.isPublic;
  const canReopen =
    hasPermission(profile, 'all', 'reopenInspection') &&
    !inspection.editable &&
    !inspection.project.archivedAt;

  return (
    <>
      <PageHeader
        crumbs={[
          ...(links.isPublic ? [] : [{ label: 'Projects', href: paths.app.projects.getHref(divisionId) }]),
          { label: inspection.project.name, href: projectHref },
          { label: `Inspection #${inspection.number}` },
        ]}
        title={`${inspection.inspection_template.name} #${inspection.number}`}
        description={
          <>
            {inspection.project.name} · {inspection.project.client.name} · {inspection.type} ·{' '}
            {displayDate(inspection.created_date)}
            {inspection.inspector && ` · Inspector: ${inspection.inspector.name}`}
          </>
        }
        actions={
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                Menu
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconArrowLeft size={16} />} component={Link} to={projectHref}>
                Back to Project
              </Menu.Item>
              {canPrint && (
                <Menu.Item leftSection={<IconPrinter size={16} />} onClick={() => setPrint('inspection')}>
                  Print Inspection
                </Menu.Item>
              )}
              {canPrint && (
                <Menu.Item leftSection={<IconMap size={16} />} onClick={() => setPrint('siteMap')}>
                  Print Site Map
                </Menu.Item>
              )}
              {canChangeInspector && (
                <Menu.Item
                  leftSection={<IconUserEdit size={16} />}
                  onClick={() => setChangingInspector(true)}
                >
                  Change Inspector
                </Menu.Item>
              )}
              {canReopen && (
                <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => setPending('reopen')}>
                  Edit Inspection
                </Menu.Item>
              )}
              {canDelete && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setPending('delete')}
                >
                  Delete Inspection
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        }
      />
      <Text fz="xs" c="dimmed" mb="sm">
        Inspection #{inspection.number} · {displayDate(inspection.created_date)}
      </Text>
      <Box mb="md">
        <LinkTabs
          label="Inspection"
          active={tab}
          tabs={visible}
          hrefOf={(t) => links.inspection(inspection.id, t)}
        />
      </Box>
      {tab === 'questionnaire' && (
        <>
          <QuestionnaireTab divisionId={divisionId} inspectionId={inspection.id} />
          {/* Inspection notes are the team's own: the public view does not show them. */}
          {!links.isPublic && (
            <NotesPanel
              divisionId={divisionId}
              inspectionId={inspection.id}
              writable={!inspection.project.archivedAt && !profile.isReadOnly}
            />
          )}
        </>
      )}
      {tab === 'findings' &&
        (findingId ? (
          <FindingDetail
            divisionId={divisionId}
            inspectionId={inspection.id}
            findingId={findingId}
            inspection={inspection}
          />
        ) : (
          <FindingsTab
            divisionId={divisionId}
            inspection={inspection}
            onFindingsReport={canPrintFindings ? () => setPrint('findings') : undefined}
          />
        ))}
      {tab === 'certification' && <CertificationTab divisionId={divisionId} inspectionId={inspection.id} />}
      {tab === 'map' && (
        <InspectionSiteMaps
          divisionId={divisionId}
          projectId={inspection.project.id}
          inspectionId={inspection.id}
          uploadHref={
            links.isPublic
              ? null
              : `${paths.app.project.getHref(divisionId, inspection.project.id)}/project-docs`
          }
        />
      )}
      {PrintModals && canPrint && (
        <PrintModals
          divisionId={divisionId}
          inspection={{
            id: inspection.id,
            name: `${inspection.inspection_template.name} #${inspection.number}`,
            projectId: inspection.project.id,
            template: {
              id: inspection.inspection_template.id,
              version: inspection.inspection_template.version,
            },
          }}
          print={print}
          onClose={() => setPrint(null)}
        />
      )}
      <ChangeInspectorModal
        opened={changingInspector}
        divisionId={divisionId}
        inspection={inspection}
        onClose={() => setChangingInspector(false)}
      />
      <ConfirmModal
        opened={pending !== null}
        title={pending === 'reopen' ? 'Edit Inspection' : 'Delete Inspection'}
        confirmLabel={pending === 'reopen' ? 'Edit Inspection' : 'Delete'}
        onClose={() => setPending(null)}
        onConfirm={async () => {
          if (pending === 'reopen') await reopenInspection(divisionId, inspection.id);
          else {
            await deleteInspection(divisionId, inspection.id);
            void navigate(projectHref);
          }
          setPending(null);
        }}
      >
        {pending === 'reopen'
          ? REOPEN_TEXT
          : `Delete inspection #${inspection.number}? This cannot be undone.`}
      </ConfirmModal>
    </>
  );
}
