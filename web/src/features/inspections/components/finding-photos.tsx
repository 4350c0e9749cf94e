import { useState } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPhotoPlus, IconPencil, IconRotateClockwise, IconTrash, IconX } from '@tabler/icons-react';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import type { ImageAnnotation } from '@stormline/contract/inspection-views';
import { FINDING_THUMBNAIL_SIDE } from '@stormline/domain/uploads';
import type { z } from 'zod/mini';
import { sendFile } from '../../../components/documents/document-calls';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ServerError } from '../../../components/server-error';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';

type Finding = ApiResponse<typeof findingsRoutes.getFinding>;
type Photo = NonNullable<Finding['images']>[number];
type Annotation = z.infer<typeof ImageAnnotation>;
type Tool = Annotation['kind'];

/** The contract's limit on one POST /api/findings/{id}/uploads. */
const MAX_PHOTOS_AT_ONCE = 10;

const COLOURS = ['#e03131', '#f59f00', '#1c7ed6', '#2f9e44'] as const;

/**
 * The 220 px thumbnail (spec 002 §9), made once in the browser from the photo itself, so the server
 * never decodes images; the server still checks that it is a real image of sensible size.
 */
async function thumbnailOf(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, FINDING_THUMBNAIL_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('The thumbnail could not be made'))),
      'image/jpeg',
      0.85,
    ),
  );
  return new File([blob], `thumbnail-${file.name.replace(/\.[^.]+$/, '')}.jpg`, { type: 'image/jpeg' });
}

/**
 * Annotations drawn over a photo. They are stored in the photo's own pixels (the contract's
 * ImageAnnotation), so the layer's coordinates are the photo's and it scales with the image.
 */
function AnnotationLayer({
  annotations,
  width,
  height,
}: {
  annotations: readonly Annotation[];
  width: number;
  height: number;
}) {
  const unit = Math.max(width, height) / 100;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    >
      {annotations.map((a, i) => {
        const { x, y } = a;
        const w = a.width ?? 16 * unit;
        const h = a.height ?? 16 * unit;
        const stroke = {
          stroke: a.color,
          strokeWidth: 1.2,
          fill: 'none',
          vectorEffect: 'non-scaling-stroke',
        };
        if (a.kind === 'circle') return <ellipse key={i} cx={x} cy={y} rx={w / 2} ry={h / 2} {...stroke} />;
        if (a.kind === 'rectangle')
          return <rect key={i} x={x - w / 2} y={y - h / 2} width={w} height={h} {...stroke} />;
        if (a.kind === 'arrow')
          return (
            <g key={i} {...stroke} strokeWidth={2}>
              <line x1={x - w / 2} y1={y - h / 2} x2={x} y2={y} />
              <polyline points={`${x - 5 * unit},${y - unit} ${x},${y} ${x - unit},${y - 5 * unit}`} />
            </g>
          );
        return (
          <text key={i} x={x} y={y} fill={a.color} fontSize={6 * unit} fontWeight={700}>
            {a.text}
          </text>
        );
      })}
    </svg>
  );
}

function PhotoView({ photo, src }: { photo: Photo; src: string }) {
  return (
    <div style={{ position: 'relative', transform: `rotate(${photo.rotation}deg)` }}>
      <img src={src} alt={photo.name} style={{ display: 'block', width: '100%', borderRadius: 8 }} />
      <AnnotationLayer annotations={photo.annotations} width={photo.width} height={photo.height} />
    </div>
  );
}

/** Marking up a photo: choose a shape and a colour, click where it goes; Save keeps them. */
function AnnotateModal({
  photo,
  onClose,
  onSave,
}: {
  photo: Photo;
  onClose: () => void;
  onSave: (annotations: Annotation[]) => Promise<void>;
}) {
  const [annotations, setAnnotations] = useState<Annotation[]>(photo.annotations);
  const [tool, setTool] = useState<Tool>('circle');
  const [color, setColor] = useState<string>(COLOURS[0]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const place = (x: number, y: number) => {
    if (tool === 'text' && !text.trim()) return setError('Type the text first, then click where it goes.');
    setError(null);
    // The click's place as a fraction of the shown image, kept in the photo's own pixels.
    const inPixels = (fraction: number, side: number) =>
      Math.round(Math.min(1, Math.max(0, fraction)) * side);
    setAnnotations((all) => [
      ...all,
      {
        kind: tool,
        x: inPixels(x, photo.width),
        y: inPixels(y, photo.height),
        color,
        ...(tool === 'text' ? { text: text.trim() } : {}),
      },
    ]);
  };

  return (
    <Modal opened onClose={onClose} title={`Annotate ${photo.name}`} size="lg" radius="lg">
      <Stack>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            aria-label="Shape"
            value={tool}
            onChange={(v) => setTool(v as Tool)}
            data={[
              { value: 'circle', label: 'Circle' },
              { value: 'rectangle', label: 'Rectangle' },
              { value: 'arrow', label: 'Arrow' },
              { value: 'text', label: 'Text' },
            ]}
          />
          <Group gap={6} role="radiogroup" aria-label="Colour">
            {COLOURS.map((c) => (
              <ActionIcon
                key={c}
                role="radio"
                aria-checked={color === c}
                aria-label={`Colour ${c}`}
                variant={color === c ? 'filled' : 'outline'}
                color={c}
                radius="xl"
                onClick={() => setColor(c)}
                style={{ background: color === c ? c : undefined, borderColor: c }}
              >
                {color === c ? '✓' : ''}
              </ActionIcon>
            ))}
          </Group>
        </Group>
        {tool === 'text' && (
          <TextInput
            label="Text"
            maxLength={200}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        )}
        <Text fz="xs" c="dimmed">
          Click the photo where the mark goes, or press Enter on it to mark its centre.
        </Text>
        <div
          role="button"
          tabIndex={0}
          aria-label="Photo to annotate: click to place the mark"
          style={{ position: 'relative', cursor: 'crosshair' }}
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            place((e.clientX - box.left) / box.width, (e.clientY - box.top) / box.height);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              place(0.5, 0.5);
            }
          }}
        >
          <img
            src={photo.url}
            alt={photo.name}
            style={{ display: 'block', width: '100%', borderRadius: 8 }}
          />
          <AnnotationLayer annotations={annotations} width={photo.width} height={photo.height} />
        </div>
        {annotations.length > 0 && (
          <Stack gap={4}>
            {annotations.map((a, i) => (
              <Group key={i} gap="xs">
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: a.color }} />
                <Text fz="sm">
                  {a.kind === 'text' ? `Text “${a.text}”` : a.kind[0]!.toUpperCase() + a.kind.slice(1)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove mark ${i + 1}`}
                  onClick={() => setAnnotations((all) => all.filter((_, j) => j !== i))}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {error && <ServerError>{error}</ServerError>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onSave(annotations);
                onClose();
              } catch (failure) {
                setError(errorMessage(failure, 'An error has occurred'));
                setBusy(false);
              }
            }}
          >
            Save annotations
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A finding's photos (spec 002 §2 Findings): shown only when the server sends them (read Finding
 * Images, images not disabled for the client). Adding sends each photo and its thumbnail straight
 * to storage with a progress bar; a photo can be turned a quarter at a time, annotated, removed.
 */
export function FindingPhotos({
  divisionId,
  finding,
  may,
  onChanged,
}: {
  divisionId: string;
  finding: Finding;
  /** What the caller may do (create, all on Annotations, delete Finding Images); the server checks again. */
  may: { add: boolean; annotate: boolean; remove: boolean };
  onChanged: () => Promise<unknown>;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [annotating, setAnnotating] = useState<Photo | null>(null);
  const [removing, setRemoving] = useState<Photo | null>(null);
  const photos = finding.images ?? [];

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    // The server records at most ten at once: say so before a phone sends anything.
    if (files.length > MAX_PHOTOS_AT_ONCE)
      return setError(`Please add at most ${MAX_PHOTOS_AT_ONCE} photos at a time`);
    setError(null);
    setProgress(0);
    try {
      const made = await Promise.all(files.map(thumbnailOf));
      const all = [...files, ...made];
      const total = all.reduce((sum, f) => sum + f.size, 0);
      const sent = new Map<File, number>();
      const tickets: string[] = [];
      // One at a time: a phone on a site's signal does better with one stream than ten.
      for (const file of all) {
        tickets.push(
          await sendFile(divisionId, file, (p) => {
            sent.set(file, p.loaded);
            setProgress([...sent.values()].reduce((a, b) => a + b, 0) / total);
          }),
        );
      }
      await callApi(findingsRoutes.uploadFindingImages, {
        divisionId,
        params: { id: finding.id },
        body: {
          uploads: files.map((_, i) => ({ upload: tickets[i]!, thumbnail: tickets[files.length + i]! })),
        },
      });
      await onChanged();
    } catch (failure) {
      setError(errorMessage(failure, 'The photo could not be uploaded'));
    } finally {
      setProgress(null);
    }
  };

  const update = async (
    photo: Photo,
    change: { rotation?: 0 | 90 | 180 | 270; annotations?: Annotation[] },
  ) => {
    await callApi(findingsRoutes.updateFindingImage, {
      divisionId,
      params: { id: finding.id, uploadId: photo.id },
      body: change,
    });
    await onChanged();
  };

  const remove = async (photo: Photo) => {
    await callApi(findingsRoutes.deleteFindingImage, {
      divisionId,
      params: { id: finding.id, uploadId: photo.id },
    });
    await onChanged();
  };

  return (
    <Paper radius="lg" p="md" withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg">
          Photos
        </Title>
        {may.add && (
          <FileButton onChange={(files) => void add(files)} accept="image/png,image/jpeg" multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhotoPlus size={16} />}
                loading={progress !== null}
              >
                Add Photos
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {progress !== null && (
        <Progress value={Math.round(progress * 100)} aria-label="Upload progress" mb="sm" animated />
      )}
      {error && <ServerError>{error}</ServerError>}
      {photos.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No photos yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {photos.map((photo) => (
            <Stack key={photo.id} gap={4}>
              <a href={photo.url} target="_blank" rel="noreferrer" aria-label={`Open photo ${photo.name}`}>
                <PhotoView photo={photo} src={photo.thumbnailUrl} />
              </a>
              <Group gap={4} justify="center">
                {may.add && (
                  <Tooltip label="Turn a quarter">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Rotate photo ${photo.name}`}
                      onClick={() =>
                        void update(photo, {
                          rotation: ((photo.rotation + 90) % 360) as 0 | 90 | 180 | 270,
                        }).catch((failure) => setError(errorMessage(failure, 'An error has occurred')))
                      }
                    >
                      <IconRotateClockwise size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {may.annotate && (
                  <Tooltip label="Annotate">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Annotate photo ${photo.name}`}
                      onClick={() => setAnnotating(photo)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {may.remove && (
                  <Tooltip label="Remove">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove photo ${photo.name}`}
                      onClick={() => setRemoving(photo)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <ConfirmModal
        opened={removing !== null}
        title="Remove photo"
        confirmLabel="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await remove(removing!);
          setRemoving(null);
        }}
      >
        {`Remove ${removing?.name ?? 'this photo'} from the finding? This cannot be undone.`}
      </ConfirmModal>
      {annotating && (
        <AnnotateModal
          photo={annotating}
          onClose={() => setAnnotating(null)}
          onSave={(annotations) => update(annotating, { annotations })}
        />
      )}
    </Paper>
  );
}
