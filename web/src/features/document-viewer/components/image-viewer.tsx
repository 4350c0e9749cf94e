import { useEffect, useState } from 'react';
import { ActionIcon, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { documentHref } from '../../../components/documents/document-calls';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import type { ViewerDocument } from '../api/get-document';

const ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3];

/**
 * A PNG or JPEG document, shown whole and zoomable. Images are viewed, not annotated: the PDF
 * engine opens PDFs only, and XFDF places marks on PDF pages (docs/decisions/0039).
 */
export function ImageViewer({ document: doc }: { document: ViewerDocument }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [zoom, setZoom] = useState(3);

  useEffect(() => {
    let live = true;
    documentHref(doc, { inline: true }).then(
      (href) => live && setSrc(href),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [doc]);

  if (failure) return <ServerError>{errorMessage(failure, 'The image could not be opened')}</ServerError>;
  const scale = ZOOMS[zoom]!;
  return (
    <Stack>
      <Group gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Zoom out"
          disabled={zoom === 0}
          onClick={() => setZoom((z) => Math.max(0, z - 1))}
        >
          <IconZoomOut size={18} aria-hidden />
        </ActionIcon>
        <Text fz="sm" w={48} ta="center" aria-live="polite">
          {Math.round(scale * 100)}%
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Zoom in"
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
        >
          <IconZoomIn size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Box
        style={{
          overflow: 'auto',
          maxHeight: '75vh',
          background: 'var(--mantine-color-gray-1)',
          borderRadius: 8,
        }}
        tabIndex={0}
        aria-label={`${doc.name}, scrollable`}
      >
        {src ? (
          <img
            src={src}
            alt={doc.name}
            style={{
              display: 'block',
              width: doc.width ? doc.width * scale : `${scale * 100}%`,
              maxWidth: doc.width ? undefined : 'none',
            }}
          />
        ) : (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading image" />
          </Group>
        )}
      </Box>
    </Stack>
  );
}
