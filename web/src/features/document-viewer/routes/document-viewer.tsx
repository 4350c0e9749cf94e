import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Badge, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPencil, IconPrinter, IconX } from '@tabler/icons-react';
import { openDocumentForPrint } from '../../../components/documents/document-calls';
import { ServerError } from '../../../components/server-error';
import { paths } from '../../../config/paths';
import { useDivisionId } from '../../../lib/division-context';
import { errorMessage } from '../../../lib/errors';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useViewerDocument } from '../api/get-document';
import { ImageViewer } from '../components/image-viewer';
import { SAVED_SHOWN_MS, statusText, type SaveStatus } from '../save-status';

/** The PDF engine (PDFium in WebAssembly), its annotation layer and our sync: loaded only for a PDF. */
const PdfAnnotator = lazy(() => import('../components/pdf-annotator'));

/**
 * /divisions/{id}/documents/{GUID} (docs/decisions/0039): a regulation, legend item or project
 * document in the viewer. A PDF opens with its stored annotations and another user's arrive live;
 * with ?mode=edit, and when the server says the caller may annotate, the toolbar draws shapes,
 * free text, ink and highlights, each change saved over the socket with the status of spec 001
 * §2. Images are shown, zoomable, without annotation. Close goes back where the viewer was opened.
 */
export default function DocumentViewerRoute() {
  const { documentId = '' } = useParams();
  const divisionId = useDivisionId();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { data: doc, error, isLoading } = useViewerDocument(documentId);
  const [status, setStatus] = useState<SaveStatus>('loading');
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const isPdf = doc?.mime_type === 'application/pdf';
  const editing = params.get('mode') === 'edit' && Boolean(doc?.annotate) && isPdf;

  useEffect(() => {
    if (doc) document.title = `${doc.name} · ${getRuntimeConfig().documentTitle}`;
  }, [doc]);

  // 'Saved: …' clears after 10 s (spec 001 §2).
  useEffect(() => {
    if (status !== 'saved') return;
    const timer = setTimeout(() => setStatus('loaded'), SAVED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [status, savedAt]);

  const onSaved = useCallback((at: Date) => {
    setSavedAt(at);
    setStatus('saved');
  }, []);

  const close = () => {
    const from = (location.state as { from?: string } | null)?.from;
    if (from) navigate(from);
    else if (location.key !== 'default') navigate(-1);
    else navigate(paths.app.dashboard.getHref(divisionId));
  };

  const setMode = (edit: boolean) =>
    setParams(edit ? { mode: 'edit' } : {}, { replace: true, state: location.state as unknown });

  const print = () => {
    if (doc)
      void openDocumentForPrint(doc).catch((failure: unknown) =>
        notifications.show({
          color: 'red',
          title: 'The document could not be opened',
          message: errorMessage(failure, 'An error has occurred'),
        }),
      );
  };

  const text = isPdf ? statusText(status, savedAt) : '';

  return (
    <Stack gap="sm" data-testid="document-viewer">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Box style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }}>
            {doc?.name ?? (isLoading ? 'Loading document…' : 'Document')}
          </Title>
          <Group gap="xs" mt={4} mih={24}>
            {doc && (
              <Badge variant="light" color={isPdf ? 'red' : 'teal'}>
                {isPdf ? 'PDF' : 'Image'}
              </Badge>
            )}
            {/* Only for a caller who may not annotate: one who may is a click on Edit away. */}
            {doc && isPdf && !doc.annotate && (
              <Text fz="sm" c="dimmed" data-testid="viewer-read-only">
                {doc.readOnlyReason ?? 'Read-only'}
              </Text>
            )}
            <Text fz="sm" c="dimmed" role="status" aria-live="polite" data-testid="annotation-status">
              {text}
            </Text>
          </Group>
        </Box>
        <Group gap="xs">
          {doc && isPdf && doc.annotate && (
            <Button
              variant="default"
              leftSection={editing ? <IconEye size={16} /> : <IconPencil size={16} />}
              onClick={() => setMode(!editing)}
            >
              {editing ? 'View' : 'Edit'}
            </Button>
          )}
          {doc && isPdf && (
            // The file as uploaded: the annotated print is the printing issue's (issue 22).
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={print}>
              Print without annotations
            </Button>
          )}
          <Button variant="default" leftSection={<IconX size={16} />} onClick={close}>
            Close
          </Button>
        </Group>
      </Group>
      {error ? (
        <ServerError>{errorMessage(error, 'The document could not be opened')}</ServerError>
      ) : !doc ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading document" />
        </Group>
      ) : isPdf ? (
        <Suspense
          fallback={
            <Group justify="center" py="xl">
              <Loader aria-label="Loading the PDF viewer" />
            </Group>
          }
        >
          <PdfAnnotator
            document={doc}
            divisionId={divisionId}
            editing={editing}
            onStatus={setStatus}
            onSaved={onSaved}
          />
        </Suspense>
      ) : (
        <ImageViewer document={doc} />
      )}
    </Stack>
  );
}
