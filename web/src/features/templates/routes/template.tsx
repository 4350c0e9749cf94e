import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCertificate,
  IconDownload,
  IconListDetails,
  IconLock,
  IconPencil,
  IconSend,
  IconTrash,
  IconZoomExclamation,
} from '@tabler/icons-react';
import { TEMPLATE_EDIT_MESSAGES } from '@stormline/domain/template-editing';
import { TemplateName } from '@stormline/contract/template-editor';
import * as z from 'zod/mini';
import { actionError, ConfirmModal } from '../../../components/confirm-modal';
import { NameModal } from '../../../components/name-modal';
import { PageHeader } from '../../../components/page-header';
import tabClasses from '../../../components/tab-screen.module.css';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { errorMessage } from '../../../lib/errors';
import { hasPermission } from '../../../lib/page-access';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import {
  deleteTemplate,
  exportTemplate,
  useTemplateEdit,
  useTemplateEditorView,
  type EditorView,
} from '../api/templates';
import { CertificationTab } from '../components/certification-tab';
import { FindingsTab } from '../components/findings-tab';
import { QuestionsTab } from '../components/questions-tab';
import { TemplateLogo } from '../components/template-logo';
import { TemplatePreview } from '../components/template-preview';
import { versionText } from '../components/templates-table';
import { UnsavedChangesProvider, useConfirmLeave } from '../components/unsaved-changes';
import classes from './template.module.css';

/** Spec 002 §8: what the editor says when the template cannot be read. */
export const TEMPLATE_LOAD_FAILURE = 'Failure to retrieve Inspection Template';

const TABS = [
  { value: 'questions', label: 'Questions', icon: IconListDetails },
  { value: 'certification', label: 'Certification', icon: IconCertificate },
  { value: 'findings', label: 'Findings', icon: IconZoomExclamation },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const NameSchema = z.strictObject({ name: TemplateName });

/**
 * /inspection-templates/{id} (spec 002 §2 "Inspection template editor"): the template's draft with
 * the tabs Questions, Certification and Findings, a live preview beside them, and Publish, which
 * makes the draft the version new inspections use (docs/decisions/0036). A system template is
 * shown read-only.
 */
export default function TemplateRoute() {
  return (
    <UnsavedChangesProvider>
      <TemplateEditor />
    </UnsavedChangesProvider>
  );
}

function TemplateEditor() {
  const { templateId = '' } = useParams();
  const divisionId = useDivisionId();
  const { data: view, error, isLoading } = useTemplateEditorView(templateId);

  useEffect(() => {
    if (view)
      document.title = `${view.content.name} · Inspection Templates · ${getRuntimeConfig().documentTitle}`;
  }, [view]);

  const crumbs = [
    { label: 'Inspection Templates', href: paths.app.inspectionTemplates.getHref(divisionId) },
    { label: view?.name ?? 'Inspection Template' },
  ];
  if (error && !view)
    return (
      <>
        <PageHeader crumbs={crumbs} title="Inspection Template" />
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={TEMPLATE_LOAD_FAILURE}
          role="alert"
        >
          {errorMessage(error)}
        </Alert>
      </>
    );
  if (!view)
    return (
      <>
        <PageHeader crumbs={crumbs} title={isLoading ? <Skeleton h={30} w={220} /> : 'Inspection Template'} />
        <Skeleton h={320} radius="lg" />
      </>
    );
  // A failed refresh keeps the editor (and whatever is typed in it), saying the view may be old.
  return <LoadedEditor view={view} crumbs={crumbs} refreshFailed={error !== undefined} />;
}

function LoadedEditor({
  view,
  crumbs,
  refreshFailed,
}: {
  view: EditorView;
  crumbs: { label: string; href?: string }[];
  refreshFailed: boolean;
}) {
  const divisionId = useDivisionId();
  const navigate = useNavigate();
  const profile = useSession();
  const confirmLeave = useConfirmLeave();
  const edit = useTemplateEdit(view.id);
  const [params, setParams] = useSearchParams();
  const tab: TabValue = TABS.some((t) => t.value === params.get('tab'))
    ? (params.get('tab') as TabValue)
    : 'questions';
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const editable =
    view.isUserTemplate && view.draft !== null && hasPermission(profile, 'update', 'Inspection Templates');
  const canDelete = view.isUserTemplate && hasPermission(profile, 'delete', 'Inspection Templates');

  const publish = async () => {
    setPublishing(true);
    try {
      const published = await edit('publishTemplate', { params: { id: view.id } });
      notifications.show({
        color: 'teal',
        title: 'Template published',
        message: `Version ${published.currentVersion} is the one new inspections use. Inspections made before keep theirs.`,
      });
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: 'The template was not published',
        message: actionError(failure),
        autoClose: false,
      });
    } finally {
      setPublishing(false);
    }
  };

  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title={<span style={{ overflowWrap: 'anywhere' }}>{view.name}</span>}
        actions={
          <>
            {editable && (
              <Button
                variant="default"
                leftSection={<IconPencil size={18} />}
                onClick={() => setRenaming(true)}
              >
                Rename
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconDownload size={18} />}
              onClick={() =>
                void exportTemplate(divisionId, view).catch((failure: unknown) =>
                  notifications.show({
                    color: 'red',
                    title: 'The template was not exported',
                    message: actionError(failure),
                  }),
                )
              }
            >
              Export
            </Button>
            {canDelete && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            )}
            {editable && (
              <Button
                leftSection={<IconSend size={18} />}
                loading={publishing}
                disabled={!view.draft?.unpublished}
                onClick={() => void publish()}
              >
                Publish
              </Button>
            )}
          </>
        }
      />
      <Stack gap="lg">
        {refreshFailed && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
            {TEMPLATE_LOAD_FAILURE}: what is shown is the template as last read, and may be out of date. Your
            edits are kept; each is saved when you save it.
          </Alert>
        )}
        <VersionFacts view={view} editable={editable} />
        {!view.isUserTemplate && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
            {TEMPLATE_EDIT_MESSAGES.systemNotice} Copy it from the list to make a template of your own.
          </Alert>
        )}
        {view.warnings.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Before you publish"
          >
            <Stack gap={4}>
              {view.warnings.map((warning) => (
                <Text key={warning} fz="sm">
                  {warning}
                </Text>
              ))}
              <Text fz="sm">
                Add a Date or Date + Time question and tick its &lsquo;Inspection Date&rsquo; feature, and a
                Select One or Radio Group question whose options are inspection types (Routine, Post Storm,
                Routine + Post Storm) with its &lsquo;Inspection Type&rsquo; feature.
              </Text>
            </Stack>
          </Alert>
        )}
        <div className={classes.layout}>
          <div>
            <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
              <Tabs
                value={tab}
                keepMounted={false}
                onChange={(value) =>
                  value &&
                  confirmLeave(() =>
                    setParams(value === 'questions' ? {} : { tab: value }, { replace: true }),
                  )
                }
                classNames={{ list: tabClasses.list, tab: tabClasses.tab }}
              >
                <Tabs.List px="md" pt="xs" aria-label="Template editor">
                  {TABS.map(({ value, label, icon: TabIcon }) => (
                    <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} stroke={1.6} />}>
                      {label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Tabs.Panel value="questions" p="md">
                  <QuestionsTab view={view} edit={edit} editable={editable} />
                </Tabs.Panel>
                <Tabs.Panel value="certification" p="md">
                  <CertificationTab view={view} edit={edit} editable={editable} />
                </Tabs.Panel>
                <Tabs.Panel value="findings" p="md">
                  <FindingsTab view={view} edit={edit} editable={editable} />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          </div>
          <TemplatePreview view={view} />
        </div>
      </Stack>
      <NameModal
        opened={renaming}
        onClose={() => setRenaming(false)}
        title="Rename template"
        submitLabel="Save"
        initialName={view.name}
        schema={NameSchema}
        label="Template name"
        placeholder="Name of the template"
        onSubmit={async (name) => {
          await edit('updateTemplate', { params: { id: view.id }, body: { name } });
          notifications.show({
            color: 'teal',
            title: 'Template renamed',
            message: `The template is now named ${name}.`,
          });
        }}
      />
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete template"
        confirmLabel="Delete"
        requireUnderstanding
        onConfirm={async () => {
          const message = await deleteTemplate(divisionId, view.id);
          notifications.show({ color: 'teal', title: 'Template deleted', message });
          void navigate(paths.app.inspectionTemplates.getHref(divisionId), { replace: true });
        }}
      >
        Delete <b>{view.name}</b>? Inspections already made with it keep reading the version they were
        answered on; no new inspection can use it.
      </ConfirmModal>
    </>
  );
}

/** Which version new inspections use, and whether the draft holds changes they do not see yet. */
function VersionFacts({ view, editable }: { view: EditorView; editable: boolean }) {
  return (
    <Paper p="lg" radius="lg">
      <Group gap="xl" align="flex-start">
        <div>
          <Text fz="xs" c="dimmed">
            Kind
          </Text>
          <Badge variant="light" color={view.isUserTemplate ? 'harbor' : 'gray'} mt={4}>
            {view.isUserTemplate ? 'User template' : 'System template'}
          </Badge>
        </div>
        <div>
          <Text fz="xs" c="dimmed">
            New inspections use
          </Text>
          <Text fw={500} data-testid="template-current-version">
            {versionText(view.currentVersion)}
          </Text>
        </div>
        {view.versions.length > 0 && (
          <div>
            <Text fz="xs" c="dimmed" id="template-versions-label">
              Inspections per version
            </Text>
            <Group
              gap="xs"
              component="ul"
              aria-labelledby="template-versions-label"
              data-testid="template-versions"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {view.versions.map((v) => (
                <Text
                  component="li"
                  key={v.version}
                  fz="sm"
                  fw={v.version === view.currentVersion ? 600 : 400}
                >
                  v{v.version}: {v.inspections} {v.inspections === 1 ? 'inspection' : 'inspections'}
                  {v.open > 0 && ` (${v.open} open)`}
                </Text>
              ))}
            </Group>
          </div>
        )}
        {view.draft && (
          <div>
            <Text fz="xs" c="dimmed">
              Draft
            </Text>
            <Text
              fw={500}
              c={view.draft.unpublished ? 'orange.9' : undefined}
              data-testid="template-draft-state"
            >
              {view.draft.unpublished ? 'Changes not published yet' : 'Same as the published version'}
            </Text>
          </div>
        )}
        <TemplateLogo view={view} editable={editable} />
      </Group>
    </Paper>
  );
}
