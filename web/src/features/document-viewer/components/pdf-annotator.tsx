import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Box, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconHighlight,
  IconOval,
  IconPointer,
  IconScribble,
  IconSquare,
  IconTextSize,
  IconTrash,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { createPluginRegistration } from '@embedpdf/core';
import { EmbedPDF, useDocumentState } from '@embedpdf/core/react';
import { usePdfiumEngine } from '@embedpdf/engines/react';
import type { PdfAnnotationObject } from '@embedpdf/models';
import pdfiumWasm from '@embedpdf/pdfium/pdfium.wasm?url';
import {
  AnnotationLayer,
  AnnotationPluginPackage,
  LockModeType,
  useAnnotation,
} from '@embedpdf/plugin-annotation/react';
import { DocumentContent, DocumentManagerPluginPackage } from '@embedpdf/plugin-document-manager/react';
import { HistoryPluginPackage } from '@embedpdf/plugin-history/react';
import {
  InteractionManagerPluginPackage,
  PagePointerProvider,
} from '@embedpdf/plugin-interaction-manager/react';
import { RenderLayer, RenderPluginPackage } from '@embedpdf/plugin-render/react';
import { Scroller, ScrollPluginPackage } from '@embedpdf/plugin-scroll/react';
import { SelectionLayer, SelectionPluginPackage } from '@embedpdf/plugin-selection/react';
import { Viewport, ViewportPluginPackage } from '@embedpdf/plugin-viewport/react';
import { useZoom, ZoomMode, ZoomPluginPackage } from '@embedpdf/plugin-zoom/react';
import type { XfdfAnnotation } from '@stormline/contract/xfdf';
import { parseXfdfCommand, parseXfdfDocument } from '@stormline/contract/xfdf-read';
import { documentHref } from '../../../components/documents/document-calls';
import { ServerError } from '../../../components/server-error';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { sendOverSocket, useChannel, type PushedMessage } from '../../../lib/realtime';
import { loadXfdf, type ViewerDocument } from '../api/get-document';
import type { SaveStatus } from '../save-status';
import { AnnotationSync, sameContent } from '../annotation-sync';
import { fromXfdf, isStoredKind, toXfdf, type PageSize } from '../annotation-xfdf';

export interface PdfAnnotatorProps {
  document: ViewerDocument;
  divisionId: string;
  /** The toolbar and editing, for a caller the server lets annotate. */
  editing: boolean;
  onStatus: (status: SaveStatus) => void;
  onSaved: (at: Date) => void;
}

/** The tools of the toolbar (EmbedPDF's tool ids), each a button with its name. */
const TOOLS = [
  { id: 'square', label: 'Rectangle', icon: IconSquare },
  { id: 'circle', label: 'Ellipse', icon: IconOval },
  { id: 'freeText', label: 'Free text', icon: IconTextSize },
  { id: 'ink', label: 'Ink', icon: IconScribble },
  { id: 'highlight', label: 'Highlight', icon: IconHighlight },
] as const;

/**
 * The PDF with its annotation layer (EmbedPDF: PDFium in WebAssembly, self-hosted, no worker):
 * the file comes through a download link, the stored annotations from GET /api/xfdf, other users'
 * commands from the document's channel; this user's changes go out as annotation commands over
 * the socket when the engine commits them. Loaded as a chunk of its own, only for a PDF.
 */
export default function PdfAnnotator(props: PdfAnnotatorProps) {
  const { document: doc, divisionId, onStatus } = props;
  const profile = useSession();
  const { engine, error: engineError } = usePdfiumEngine({
    wasmUrl: new URL(pdfiumWasm, window.location.href).href,
    worker: false,
    // No fallback fonts from a CDN: the CSP allows none, and the documents embed theirs.
    fontFallback: null,
  });
  const [loaded, setLoaded] = useState<{ bytes: ArrayBuffer; xfdf: string } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    onStatus('loading');
    Promise.all([
      documentHref(doc, { inline: true })
        .then((href) => fetch(href))
        .then((response) => {
          if (!response.ok) throw new Error('The document could not be downloaded');
          return response.arrayBuffer();
        }),
      loadXfdf(divisionId, doc),
    ]).then(
      ([bytes, xfdf]) => live && setLoaded({ bytes, xfdf }),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [doc, divisionId, onStatus]);

  const plugins = useMemo(
    () =>
      loaded
        ? [
            createPluginRegistration(DocumentManagerPluginPackage, {
              initialDocuments: [{ buffer: loaded.bytes, name: doc.name, documentId: doc.id }],
            }),
            createPluginRegistration(ViewportPluginPackage),
            createPluginRegistration(ScrollPluginPackage),
            createPluginRegistration(RenderPluginPackage),
            createPluginRegistration(ZoomPluginPackage, { defaultZoomLevel: ZoomMode.FitWidth }),
            createPluginRegistration(InteractionManagerPluginPackage),
            createPluginRegistration(SelectionPluginPackage),
            createPluginRegistration(HistoryPluginPackage),
            createPluginRegistration(AnnotationPluginPackage, {
              // The XFDF title: spec 001 §5 saves only annotations that have one.
              annotationAuthor: profile.name,
              deactivateToolAfterCreate: false,
            }),
          ]
        : [],
    [loaded, doc.name, doc.id, profile.name],
  );

  const problem = failure ?? engineError;
  if (problem) return <ServerError>{errorMessage(problem, 'The document could not be opened')}</ServerError>;
  if (!engine || !loaded)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading document" />
      </Group>
    );
  return (
    <EmbedPDF engine={engine} plugins={plugins}>
      {({ activeDocumentId }) =>
        activeDocumentId && (
          <DocumentContent documentId={activeDocumentId}>
            {({ isLoaded }) =>
              isLoaded ? (
                <AnnotatedDocument {...props} documentId={activeDocumentId} storedXfdf={loaded.xfdf} />
              ) : (
                <Group justify="center" py="xl">
                  <Loader aria-label="Opening document" />
                </Group>
              )
            }
          </DocumentContent>
        )
      }
    </EmbedPDF>
  );
}

function AnnotatedDocument({
  document: doc,
  divisionId,
  editing,
  onStatus,
  onSaved,
  documentId,
  storedXfdf,
}: PdfAnnotatorProps & { documentId: string; storedXfdf: string }) {
  const { provides: annotations, state } = useAnnotation(documentId);
  const { provides: zoom, state: zoomState } = useZoom(documentId);
  const documentState = useDocumentState(documentId);
  const pages = documentState?.document?.pages;
  const pageSize = useCallback(
    (index: number): PageSize => pages?.[index]?.size ?? { width: 612, height: 792 },
    [pages],
  );
  // The server's side and this viewer's unsaved changes: what the engine reports back unchanged is not sent.
  const sync = useRef(new AnnotationSync());
  const imported = useRef(false);
  const [unsaved, setUnsaved] = useState(false);

  /** Shows an annotation as the server has it (created, or updated when it differs). */
  const show = useCallback(
    (a: XfdfAnnotation) => {
      if (!annotations) return;
      const object = fromXfdf(a, pageSize(a.page));
      const existing = annotations.getAnnotationById(a.name);
      if (!existing) annotations.createAnnotation(a.page, object);
      else {
        const current = toXfdf(existing.object, pageSize(existing.object.pageIndex));
        if (!current || !sameContent(current, a))
          annotations.updateAnnotation(existing.object.pageIndex, a.name, object);
      }
    },
    [annotations, pageSize],
  );
  const hide = useCallback(
    (name: string) => {
      const existing = annotations?.getAnnotationById(name);
      if (existing) annotations?.deleteAnnotation(existing.object.pageIndex, name);
    },
    [annotations],
  );

  // The stored annotations, once.
  useEffect(() => {
    if (!annotations || !pages || imported.current) return;
    imported.current = true;
    const stored = parseXfdfDocument(storedXfdf);
    sync.current.loadStored(stored);
    if (stored.length)
      annotations.importAnnotations(stored.map((a) => ({ annotation: fromXfdf(a, pageSize(a.page)) })));
    onStatus('loaded');
  }, [annotations, pages, storedXfdf, pageSize, onStatus]);

  // Read-only unless editing: nothing can be selected, moved or removed.
  useEffect(() => {
    if (!annotations) return;
    annotations.setLocked(editing ? { type: LockModeType.None } : { type: LockModeType.All });
    if (!editing) annotations.setActiveTool(null);
  }, [annotations, editing]);

  // Another viewer's command: known first (so the engine's report of it is no change), then shown.
  const applyRemote = useCallback(
    (message: PushedMessage) => {
      const command = (message.command ?? null) as { xfdfValue?: unknown } | null;
      if (!annotations || typeof command?.xfdfValue !== 'string') return;
      let parsed;
      try {
        parsed = parseXfdfCommand(command.xfdfValue);
      } catch {
        return;
      }
      for (const a of [...parsed.add, ...parsed.modify]) {
        sync.current.remote(a);
        show(a);
      }
      for (const name of parsed.delete) {
        sync.current.remoteDelete(name);
        hide(name);
      }
      setUnsaved(sync.current.hasPending);
    },
    [annotations, show, hide],
  );
  const connection = useChannel(divisionId, `xfdf:${doc.id}`, applyRemote);

  // This user's unsaved changes, as one annotation command (spec 001 §3) at a time. They stay
  // unsaved until the server says ok: a failure keeps them for Retry or the next reconnect.
  const sending = useRef(false);
  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (let outgoing = sync.current.outgoing(); outgoing; outgoing = sync.current.outgoing()) {
        onStatus('saving');
        let result: { savedAt?: string } | undefined;
        try {
          result = (await sendOverSocket('xfdf', divisionId, {
            isCommand: true,
            key: doc.id,
            xfdfValue: outgoing.xfdf,
            projectId: doc.projectId,
            uploadId: doc.id,
          })) as { savedAt?: string } | undefined;
        } catch (error) {
          setUnsaved(true);
          onStatus('unsaved');
          notifications.show({
            color: 'red',
            title: 'The annotation was not saved',
            message: errorMessage(error, 'An error has occurred'),
          });
          return;
        }
        sync.current.confirm(outgoing);
        setUnsaved(sync.current.hasPending);
        onSaved(result?.savedAt ? new Date(result.savedAt) : new Date());
      }
    } finally {
      sending.current = false;
    }
  }, [divisionId, doc.id, doc.projectId, onSaved, onStatus]);

  useEffect(() => {
    if (!annotations || !editing) return;
    return annotations.onAnnotationEvent((event) => {
      if (event.type === 'loaded' || !event.committed) return;
      const annotation = event.annotation as PdfAnnotationObject;
      if (!isStoredKind(annotation)) return;
      let change: boolean;
      if (event.type === 'delete') change = sync.current.local(annotation.id, null);
      else {
        const xfdf = toXfdf(annotation, pageSize(annotation.pageIndex));
        // Spec 001 §5: an annotation without a title (author) is not saved.
        if (!xfdf || !xfdf.title) return;
        change = sync.current.local(annotation.id, xfdf);
      }
      setUnsaved(sync.current.hasPending);
      if (change) void flush();
    });
  }, [annotations, editing, pageSize, flush]);

  // Back after a lost connection: other viewers' commands of the meantime were missed, so the
  // stored annotations are read again and shown (this user's unsaved changes kept), then sent.
  const previous = useRef(connection);
  useEffect(() => {
    const reconnected = previous.current === 'connecting' && connection === 'open' && imported.current;
    previous.current = connection;
    if (!reconnected || !annotations) return;
    let live = true;
    loadXfdf(divisionId, doc).then(
      (xfdf) => {
        if (!live) return;
        const unsavedNames = new Set(sync.current.pendingNames());
        const stored = parseXfdfDocument(xfdf);
        const storedNames = new Set(stored.map((a) => a.name));
        const gone = sync.current.knownNames().filter((name) => !storedNames.has(name));
        sync.current.loadStored(stored);
        for (const a of stored) if (!unsavedNames.has(a.name)) show(a);
        for (const name of gone) if (!unsavedNames.has(name)) hide(name);
        void flush();
      },
      () => {
        if (live) void flush();
      },
    );
    return () => {
      live = false;
    };
  }, [connection, annotations, divisionId, doc, show, hide, flush]);

  const selected = state.selectedUids.length > 0;
  const count = Object.values(state.pages).reduce((sum, uids) => sum + uids.length, 0);
  const removeSelected = () => {
    const chosen = annotations?.getSelectedAnnotations() ?? [];
    if (chosen.length)
      annotations?.deleteAnnotations(
        chosen.map((ta) => ({ pageIndex: ta.object.pageIndex, id: ta.object.id })),
      );
  };

  return (
    <Box>
      <Group
        gap={6}
        wrap="wrap"
        mb="xs"
        role="toolbar"
        aria-label="Annotation tools"
        data-testid="viewer-toolbar"
      >
        {editing && (
          <>
            <ToolButton
              label="Select"
              active={state.activeToolId === null}
              onClick={() => annotations?.setActiveTool(null)}
              icon={<IconPointer size={18} aria-hidden />}
            />
            {TOOLS.map((tool) => (
              <ToolButton
                key={tool.id}
                label={tool.label}
                active={state.activeToolId === tool.id}
                onClick={() => annotations?.setActiveTool(state.activeToolId === tool.id ? null : tool.id)}
                icon={<tool.icon size={18} aria-hidden />}
              />
            ))}
            <Button
              variant="default"
              size="xs"
              h={32}
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={!selected}
              onClick={removeSelected}
            >
              Delete
            </Button>
          </>
        )}
        {unsaved && (
          <Button
            variant="light"
            color="red"
            size="xs"
            h={32}
            onClick={() => void flush()}
            data-testid="annotation-retry"
          >
            Not saved: Retry
          </Button>
        )}
        <Text fz="sm" c="dimmed" ml={editing ? 'auto' : undefined} data-testid="annotation-count">
          {count === 1 ? '1 annotation' : `${count} annotations`}
        </Text>
        <Group gap={4}>
          <Tooltip label="Zoom out">
            <ActionIcon variant="default" size={32} aria-label="Zoom out" onClick={() => zoom?.zoomOut()}>
              <IconZoomOut size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text fz="sm" w={48} ta="center">
            {Math.round(zoomState.currentZoomLevel * 100)}%
          </Text>
          <Tooltip label="Zoom in">
            <ActionIcon variant="default" size={32} aria-label="Zoom in" onClick={() => zoom?.zoomIn()}>
              <IconZoomIn size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {connection !== 'open' && (
          <Text fz="xs" c="dimmed" w="100%">
            {connection === 'connecting'
              ? 'Connecting to the server…'
              : 'Live updates are off: reload to see changes.'}
          </Text>
        )}
      </Group>
      <Box
        pos="relative"
        h="calc(100dvh - 15rem)"
        mih={420}
        style={{ borderRadius: 8, overflow: 'hidden', userSelect: 'none' }}
        data-testid="pdf-pages"
      >
        <Viewport
          documentId={documentId}
          tabIndex={0}
          aria-label={`${doc.name}, pages`}
          style={{ position: 'absolute', inset: 0, background: 'var(--mantine-color-gray-2)' }}
        >
          <Scroller
            documentId={documentId}
            renderPage={({ pageIndex }) => (
              <PagePointerProvider documentId={documentId} pageIndex={pageIndex}>
                <RenderLayer
                  documentId={documentId}
                  pageIndex={pageIndex}
                  role="img"
                  aria-label={`Page ${pageIndex + 1} of ${doc.name}`}
                  style={{ pointerEvents: 'none' }}
                />
                <SelectionLayer documentId={documentId} pageIndex={pageIndex} />
                <AnnotationLayer documentId={documentId} pageIndex={pageIndex} />
              </PagePointerProvider>
            )}
          />
        </Viewport>
      </Box>
    </Box>
  );
}

function ToolButton({
  label,
  active,
  onClick,
  icon,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  icon: ReactNode;
}) {
  return (
    <Button
      variant={active ? 'filled' : 'default'}
      size="xs"
      h={32}
      leftSection={icon}
      aria-pressed={active}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
