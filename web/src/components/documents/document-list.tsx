import { Fragment, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  FileButton,
  Group,
  Menu,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconDots,
  IconDownload,
  IconEdit,
  IconEye,
  IconFileTypePdf,
  IconGripVertical,
  IconPencil,
  IconPhoto,
  IconPrinter,
  IconReplace,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { ALLOWED_FILE_TYPES, uploadLimitsText, type UploadLimits } from '@stormline/domain/uploads';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import type { ListStatus } from '../../lib/list/server-list';
import { LIST_FORBIDDEN_MESSAGE } from '../data-table';
import { ListError } from '../list-error';
import { ConfirmModal } from '../confirm-modal';
import {
  downloadDocument,
  openDocumentForPrint,
  renameDocument,
  replaceDocument,
  type DocumentRow,
} from './document-calls';
import { RenameDocumentModal } from './rename-document-modal';
import { UploadFailureModal } from './upload-failure-modal';
import { useDocumentUploads, type UploadEntry } from './use-document-uploads';

/** What the user may do with a list's documents; the server checks each again. */
export interface DocumentPermissions {
  upload: boolean;
  sort: boolean;
  rename: boolean;
  replace: boolean;
  destroy: boolean;
  download: boolean;
  /** Annotate a PDF in the viewer (all Annotations; the viewer asks the server again). */
  annotate?: boolean;
  /** Open in the viewer (a signed-in screen): as download unless false (the public view downloads only). */
  view?: boolean;
}

export interface DocumentListProps {
  /** The list's accessible name, e.g. 'Regulation documents'. */
  label: string;
  divisionId: string;
  documents: DocumentRow[] | undefined;
  status: ListStatus;
  error?: unknown;
  onReload?: () => void;
  /** Spec 001 §2: rows shown before Show More: 3, or 15 for a group's regulations. */
  initialRows: number;
  can: DocumentPermissions;
  /** Records a sent file as a document of the owner (its route checks the file). */
  record: (upload: string, file: File) => Promise<unknown>;
  /** Moves a document to `order` (0 first) of the whole list; the caller shows the new order at once. */
  move: (document: DocumentRow, order: number) => Promise<unknown>;
  destroy: (document: DocumentRow) => Promise<unknown>;
  /** Reads the list again after a change made here (upload, rename, replace). */
  refresh: () => unknown;
  uploadLabel?: string;
  emptyText?: string;
  testId?: string;
  /**
   * The list's own limits, shown under the upload button and checked before a file is sent (an
   * Active Site Map: png, jpeg or pdf, 1000x1000); the server checks them again. Without, the
   * server's document-list limits alone.
   */
  limits?: { upload: UploadLimits; replace: UploadLimits };
  /**
   * Told when one of the list's dialogs opens or closes: a modal holding the list keeps Escape for
   * the dialog on top (Mantine closes every open modal on Escape).
   */
  onDialogChange?: (open: boolean) => void;
}

const ACCEPT = ALLOWED_FILE_TYPES.map((type) => type.mimeType).join(',');

/** 1.2 MB, 340 KB: the size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * Spec 002 §8: a failed action says the server's message, or 'An error has occurred' with 'Please
 * contact the administrator for assistance.' when it gave none (the request never reached it).
 */
export function actionFailure(error: unknown): string {
  const message = errorMessage(error, '');
  return message || 'An error has occurred. Please contact the administrator for assistance.';
}

const kindOf = (doc: DocumentRow) => (doc.mime_type === 'application/pdf' ? 'PDF' : 'Image');

/**
 * The documents of a regulation group or a legend item (spec 001 §2): upload with a progress bar
 * and the upload status, sort by drag (mouse, touch or keyboard), and per document download,
 * print (PDFs), rename, replace and destroy, each as the user's permissions allow. The first
 * `initialRows` show until Show More.
 */
export function DocumentList(props: DocumentListProps) {
  const { documents, can, divisionId } = props;
  const [expanded, setExpanded] = useState(false);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [destroying, setDestroying] = useState<DocumentRow | null>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replaceTarget = useRef<DocumentRow | null>(null);
  const resetUploadInput = useRef<() => void>(null);
  const uploads = useDocumentUploads(divisionId, props.refresh);
  const navigate = useNavigate();
  const location = useLocation();

  const all = documents ?? [];
  const shown = expanded ? all : all.slice(0, props.initialRows);
  const renaming = all.find((doc) => doc.id === renamingId) ?? null;
  const newUploads = uploads.entries.filter((entry) => entry.documentId === null);
  const dialogOpen = renaming !== null || destroying !== null || uploads.failure !== null;
  const { onDialogChange } = props;
  useEffect(() => onDialogChange?.(dialogOpen), [dialogOpen, onDialogChange]);

  const failed = (title: string) => (error: unknown) =>
    notifications.show({ color: 'red', title, message: actionFailure(error) });

  const rename = async (doc: DocumentRow, name: string) => {
    try {
      await renameDocument(divisionId, doc, name);
    } finally {
      // Renamed, or refused as stale: either way the list is read again (the next save sends the current version).
      await props.refresh();
    }
  };

  const actions: RowActions = {
    // The viewer (docs/decisions/0039); Close there comes back to this page.
    view: (doc, edit) =>
      navigate(paths.app.document.getHref(divisionId, doc.GUID, { edit }), {
        state: { from: `${location.pathname}${location.search}` },
      }),
    download: (doc) => void downloadDocument(doc).catch(failed('The document could not be downloaded')),
    print: (doc) => void openDocumentForPrint(doc).catch(failed('The document could not be opened')),
    rename: (doc) => setRenamingId(doc.id),
    replace: (doc) => {
      replaceTarget.current = doc;
      replaceInput.current?.click();
    },
    destroy: setDestroying,
  };

  return (
    <Stack gap="sm" data-testid={props.testId}>
      {can.upload && (
        <Group justify="space-between" gap="sm">
          <Text fz="xs" c="dimmed" data-testid="upload-limits">
            {props.limits ? uploadLimitsText(props.limits.upload) : 'PDF, PNG or JPEG, up to 75 MB'}
          </Text>
          <FileButton
            multiple
            accept={ACCEPT}
            onChange={(files) => {
              uploads.upload(files, props.record, props.limits?.upload);
              // Emptied, so the same file can be chosen again.
              resetUploadInput.current?.();
            }}
            resetRef={resetUploadInput}
          >
            {(buttonProps) => (
              <Button {...buttonProps} size="xs" variant="light" leftSection={<IconUpload size={16} />}>
                {props.uploadLabel ?? 'Upload Document'}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      {newUploads.length > 0 && <UploadEntries entries={newUploads} />}
      <DocumentRows
        {...props}
        shown={shown}
        all={all}
        actions={actions}
        replacing={uploads.entries.filter((entry) => entry.documentId !== null)}
      />
      {all.length > props.initialRows && (
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
        >
          {expanded ? 'Show Less' : `Show More (${all.length - props.initialRows})`}
        </Button>
      )}
      {can.replace && (
        <input
          ref={replaceInput}
          type="file"
          accept={ACCEPT}
          hidden
          aria-hidden
          tabIndex={-1}
          data-testid="replace-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            const doc = replaceTarget.current;
            event.currentTarget.value = '';
            if (!file || !doc) return;
            uploads.replace(
              doc.id,
              file,
              async (upload) => {
                // The version of the list as it is now: a rename meanwhile moved it on.
                const current = all.find((d) => d.id === doc.id) ?? doc;
                await replaceDocument(divisionId, current, upload);
              },
              props.limits?.replace,
            );
          }}
        />
      )}
      <RenameDocumentModal document={renaming} onClose={() => setRenamingId(null)} onRename={rename} />
      <ConfirmModal
        opened={destroying !== null}
        title="Delete document"
        confirmLabel="Delete"
        onClose={() => setDestroying(null)}
        onConfirm={async () => {
          if (!destroying) return;
          await props.destroy(destroying);
          notifications.show({
            color: 'teal',
            title: 'Document deleted',
            message: `${destroying.name} was deleted.`,
          });
          setDestroying(null);
        }}
      >
        Are you sure you want to delete <b>{destroying?.name}</b>? Its file is removed too.
      </ConfirmModal>
      <UploadFailureModal failure={uploads.failure} onClose={uploads.dismissFailure} />
    </Stack>
  );
}

interface RowActions {
  view: (doc: DocumentRow, edit: boolean) => void;
  download: (doc: DocumentRow) => void;
  print: (doc: DocumentRow) => void;
  rename: (doc: DocumentRow) => void;
  replace: (doc: DocumentRow) => void;
  destroy: (doc: DocumentRow) => void;
}

function DocumentRows({
  shown,
  all,
  actions,
  replacing,
  ...props
}: DocumentListProps & {
  shown: DocumentRow[];
  all: DocumentRow[];
  actions: RowActions;
  replacing: UploadEntry[];
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Said to assistive technology (and waited for by the browser tests) while a new order saves:
  // the server's answer re-renders the rows, so the list is not settled until it lands.
  const [movesSaving, setMovesSaving] = useState(0);

  if (props.status === 'loading')
    return (
      <Stack gap={6} aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={44} radius="md" />
        ))}
      </Stack>
    );
  if (props.status === 'forbidden')
    return (
      <Text ta="center" c="dimmed" py="md">
        {LIST_FORBIDDEN_MESSAGE}
      </Text>
    );
  if (props.status === 'error') return <ListError error={props.error} onRetry={() => props.onReload?.()} />;
  if (all.length === 0)
    return (
      <Text ta="center" c="dimmed" py="md" fz="sm">
        {props.emptyText ?? 'No documents found'}
      </Text>
    );

  const sortable = props.can.sort && all.length > 1;
  const nameOf = (id: UniqueIdentifier) => all.find((doc) => doc.id === id)?.name ?? 'the document';
  const placeOf = (id: UniqueIdentifier | undefined) =>
    id === undefined ? null : all.findIndex((doc) => doc.id === id) + 1;
  // Spoken while sorting by keyboard: names and places, never ids.
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, place ${placeOf(active.id)} of ${all.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to place ${placeOf(over.id)} of ${all.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at place ${placeOf(over.id)} of ${all.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Sorting cancelled. ${nameOf(active.id)} is back in its place.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const doc = all.find((d) => d.id === active.id);
    const order = all.findIndex((d) => d.id === over.id);
    if (!doc || order < 0) return;
    setMovesSaving((count) => count + 1);
    props
      .move(doc, order)
      .catch((error: unknown) =>
        notifications.show({
          color: 'red',
          title: 'The new order could not be saved',
          message: actionFailure(error),
        }),
      )
      .finally(() => setMovesSaving((count) => count - 1));
  };

  const rows = (
    <Stack
      component="ul"
      gap={6}
      aria-label={props.label}
      aria-busy={movesSaving > 0}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {shown.map((doc) => (
        <DocumentItem
          key={doc.id}
          doc={doc}
          sortable={sortable}
          can={props.can}
          actions={actions}
          replacing={replacing.find((entry) => entry.documentId === doc.id) ?? null}
        />
      ))}
    </Stack>
  );

  if (!sortable) return rows;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a document, press space or enter to pick it up, use the arrow keys to move it, and press space or enter again to drop it. Escape cancels.',
        },
      }}
    >
      <SortableContext items={shown.map((doc) => doc.id)} strategy={verticalListSortingStrategy}>
        {rows}
      </SortableContext>
    </DndContext>
  );
}

function DocumentItem({
  doc,
  sortable,
  can,
  actions,
  replacing,
}: {
  doc: DocumentRow;
  sortable: boolean;
  can: DocumentPermissions;
  actions: RowActions;
  replacing: UploadEntry | null;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: doc.id, disabled: !sortable });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  const isPdf = doc.mime_type === 'application/pdf';
  const hasMenu = can.download || can.rename || can.replace || can.destroy;

  return (
    <li ref={setNodeRef} style={style} data-testid="document-row" data-document-id={doc.id}>
      <Paper withBorder radius="md" px="sm" py={8} shadow={isDragging ? 'md' : undefined}>
        <Group gap="sm" wrap="nowrap" align="center">
          {sortable && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={`Reorder ${doc.name}`}
              {...attributes}
              {...listeners}
              style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
              data-testid="drag-handle"
            >
              <IconGripVertical size={18} aria-hidden />
            </ActionIcon>
          )}
          <ThemeIcon variant="light" color={isPdf ? 'red' : 'teal'} radius="md" size={34} aria-hidden>
            {isPdf ? <IconFileTypePdf size={20} /> : <IconPhoto size={20} />}
          </ThemeIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            {can.download ? (
              <Anchor
                component="button"
                type="button"
                fz="sm"
                fw={500}
                ta="left"
                c="harbor.9"
                onClick={() => actions.download(doc)}
                // 24 px tall at least: a tap target on a phone (docs/decisions/0024).
                style={{ overflowWrap: 'anywhere', minHeight: 24 }}
                data-testid="document-name"
              >
                {doc.name}
              </Anchor>
            ) : (
              <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="document-name">
                {doc.name}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {[
                `${kindOf(doc)}${doc.width && doc.height ? ` ${doc.width}×${doc.height}` : ''}`,
                formatSize(doc.size),
                `Modified ${formatDate(doc.updatedAt)}`,
              ].map((part, index) => (
                // Each part stays whole; a narrow screen breaks the line at the spaces between them.
                <Fragment key={part}>
                  {index > 0 && ' · '}
                  <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
                </Fragment>
              ))}
            </Text>
            {replacing && <UploadProgress entry={replacing} replacing />}
          </Box>
          {hasMenu && (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${doc.name}`}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {can.download && can.view !== false && (
                  <Menu.Item leftSection={<IconEye size={16} />} onClick={() => actions.view(doc, false)}>
                    View
                  </Menu.Item>
                )}
                {can.download && (
                  <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => actions.download(doc)}>
                    Download
                  </Menu.Item>
                )}
                {can.download && isPdf && (
                  <Menu.Item leftSection={<IconPrinter size={16} />} onClick={() => actions.print(doc)}>
                    Print
                  </Menu.Item>
                )}
                {can.annotate && isPdf && (
                  <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.view(doc, true)}>
                    Edit
                  </Menu.Item>
                )}
                {can.rename && (
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.rename(doc)}>
                    Rename
                  </Menu.Item>
                )}
                {can.replace && (
                  <Menu.Item
                    leftSection={<IconReplace size={16} />}
                    onClick={() => actions.replace(doc)}
                    disabled={replacing?.status === 'waiting'}
                  >
                    Replace
                  </Menu.Item>
                )}
                {can.destroy && (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => actions.destroy(doc)}
                  >
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Paper>
    </li>
  );
}

/** The uploads under way: each file with its progress, then its status until it clears. */
function UploadEntries({ entries }: { entries: UploadEntry[] }) {
  return (
    <Stack gap={6} data-testid="upload-entries">
      {entries.map((entry) => (
        <Paper key={entry.key} withBorder radius="md" px="sm" py={8}>
          <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {entry.fileName}
          </Text>
          <UploadProgress entry={entry} />
        </Paper>
      ))}
    </Stack>
  );
}

function UploadProgress({ entry, replacing = false }: { entry: UploadEntry; replacing?: boolean }) {
  const percent = Math.round(entry.fraction * 100);
  const text =
    entry.status === 'success'
      ? replacing
        ? 'Replaced'
        : 'Uploaded'
      : entry.status === 'error'
        ? 'Failed'
        : entry.phase === 'checking'
          ? 'Checking the file…'
          : `${replacing ? 'Replacing' : 'Uploading'}… ${percent}%`;
  return (
    <Stack gap={4} mt={4} data-testid="upload-status" data-status={entry.status} data-phase={entry.phase}>
      <Group gap={6} wrap="nowrap">
        {entry.status === 'success' && (
          <IconCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden />
        )}
        <Text
          fz="xs"
          c={entry.status === 'error' ? 'red.8' : entry.status === 'success' ? 'teal.8' : 'dimmed'}
          role="status"
        >
          {text}
        </Text>
      </Group>
      {entry.status === 'waiting' && (
        <Progress
          value={entry.phase === 'checking' ? 100 : percent}
          animated={entry.phase === 'checking'}
          striped={entry.phase === 'checking'}
          size="sm"
          aria-label={`${replacing ? 'Replacing' : 'Uploading'} ${entry.fileName}`}
        />
      )}
    </Stack>
  );
}
