import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, FileButton, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { TemplateName } from '@stormline/contract/template-editor';
import * as z from 'zod/mini';
import { actionError, ConfirmModal } from '../../../components/confirm-modal';
import { ListSearch } from '../../../components/data-table';
import { NameModal } from '../../../components/name-modal';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { hasPermission } from '../../../lib/page-access';
import {
  createTemplate,
  deleteTemplate,
  importTemplate,
  useTemplatesList,
  type TemplateRow,
} from '../api/templates';
import { TemplatesTable } from '../components/templates-table';

const NameSchema = z.strictObject({ name: TemplateName });

/**
 * /inspection-templates (spec 002 §2): the division's templates, system ones marked, a page at a
 * time. New template starts an empty one; Import adds one from a template file (Export on a
 * template's page writes it); Copy starts one from any template (a system template is
 * how most begin); Delete removes a user template the server lets go (not while projects or open
 * inspections use it: its message says so).
 */
export default function TemplatesRoute() {
  const profile = useSession();
  const divisionId = useDivisionId();
  const navigate = useNavigate();
  const list = useTemplatesList();
  const [creating, setCreating] = useState<{ copyOf: TemplateRow | null } | null>(null);
  const [deleting, setDeleting] = useState<TemplateRow | null>(null);
  const canCreate = hasPermission(profile, 'create', 'Inspection Templates');
  const canDelete = hasPermission(profile, 'delete', 'Inspection Templates');
  const open = useCallback(
    (row: { id: string }) => void navigate(paths.app.inspectionTemplate.getHref(divisionId, row.id)),
    [navigate, divisionId],
  );
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const importFile = async (file: File | null) => {
    if (!file) return;
    setImporting(true);
    setImportError(null);
    try {
      const view = await importTemplate(divisionId, file);
      notifications.show({
        color: 'teal',
        title: 'Template imported',
        message: `${view.name} was added, not yet published. Check it, then publish it.`,
      });
      open(view);
    } catch (failure) {
      setImportError(actionError(failure));
    } finally {
      setImporting(false);
    }
  };
  const copy = useCallback((row: TemplateRow) => setCreating({ copyOf: row }), []);
  const remove = useCallback((row: TemplateRow) => setDeleting(row), []);

  return (
    <>
      <PageHeader
        title="Inspection Templates"
        description="The questionnaires inspectors answer, their certification and their finding types. Copy a system template to make one of your own."
        actions={
          canCreate && (
            <>
              <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={18} />}
                    loading={importing}
                  >
                    Import
                  </Button>
                )}
              </FileButton>
              <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating({ copyOf: null })}>
                New template
              </Button>
            </>
          )
        }
      />
      {importError && (
        <Alert
          color="red"
          variant="light"
          title="The template file was not imported"
          role="alert"
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setImportError(null)}
        >
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="import-error">
            {importError}
          </Text>
          <Text fz="sm" mt={4}>
            Nothing was added. Correct the file, or export the template again, then import it.
          </Text>
        </Alert>
      )}
      <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p="md" justify="space-between" gap="sm">
          <ListSearch list={list} label="Search Inspection Templates" />
          {list.total !== null && (
            <Text fz="sm" c="dimmed">
              {list.total} {list.total === 1 ? 'template' : 'templates'}
            </Text>
          )}
        </Group>
        <TemplatesTable
          list={list}
          divisionId={divisionId}
          onOpen={open}
          actions={{ copy: canCreate ? copy : null, remove: canDelete ? remove : null }}
        />
      </Paper>
      <NameModal
        opened={creating !== null}
        onClose={() => setCreating(null)}
        title={creating?.copyOf ? `Copy ${creating.copyOf.name}` : 'New template'}
        submitLabel={creating?.copyOf ? 'Copy' : 'Create'}
        initialName={creating?.copyOf ? `Copy of ${creating.copyOf.name}`.slice(0, 100) : ''}
        schema={NameSchema}
        label="Template name"
        placeholder="Name of the new template"
        onSubmit={async (name) => {
          const view = await createTemplate(divisionId, {
            name,
            ...(creating?.copyOf ? { copyOf: creating.copyOf.id } : {}),
          });
          notifications.show({
            color: 'teal',
            title: 'Template created',
            message: `${view.name} is ready to edit. Publish it when inspectors may use it.`,
          });
          open(view);
        }}
      />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete template"
        confirmLabel="Delete"
        requireUnderstanding
        onConfirm={async () => {
          if (!deleting) return;
          const message = await deleteTemplate(divisionId, deleting.id);
          notifications.show({ color: 'teal', title: 'Template deleted', message });
          setDeleting(null);
        }}
      >
        Delete <b>{deleting?.name}</b>? Inspections already made with it keep reading the version they were
        answered on; no new inspection can use it.
      </ConfirmModal>
    </>
  );
}
