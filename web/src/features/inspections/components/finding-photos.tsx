import { useState } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPhotoPlus, IconPencil, IconRotateClockwise, IconTrash } from '@tabler/icons-react';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { FINDING_THUMBNAIL_SIDE } from '@stormline/domain/uploads';
import { sendFile } from '../../../components/documents/document-calls';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ServerError } from '../../../components/server-error';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { AnnotateModal } from '../photos/annotate-modal';
import { nextQuarter, type Rotation } from '../photos/photo-geometry';
import { TurnedPhoto, type Annotation } from '../photos/turned-photo';

type Finding = ApiResponse<typeof findingsRoutes.getFinding>;
type Photo = NonNullable<Finding['images']>[number];

/** The contract's limit on one POST /api/findings/{id}/uploads. */
const MAX_PHOTOS_AT_ONCE = 10;

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
  const [turning, setTurning] = useState<string | null>(null);
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
      setError(errorMessage(failure, 'An error has occurred'));
    } finally {
      setProgress(null);
    }
  };

  const update = async (photo: Photo, change: { rotation?: Rotation; annotations?: Annotation[] }) => {
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
                <TurnedPhoto photo={photo} src={photo.thumbnailUrl} annotations={photo.annotations} />
              </a>
              <Group gap={4} justify="center">
                {may.add && (
                  <Tooltip label="Turn a quarter">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Rotate photo ${photo.name}`}
                      // One turn at a time: a second click before the first is saved would send
                      // the same quarter again.
                      loading={turning === photo.id}
                      onClick={() => {
                        setTurning(photo.id);
                        void update(photo, { rotation: nextQuarter(photo.rotation) })
                          .catch((failure) => setError(errorMessage(failure, 'An error has occurred')))
                          .finally(() => setTurning(null));
                      }}
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
          src={annotating.url}
          initial={annotating.annotations}
          onClose={() => setAnnotating(null)}
          onSave={(annotations) => update(annotating, { annotations })}
        />
      )}
    </Paper>
  );
}
