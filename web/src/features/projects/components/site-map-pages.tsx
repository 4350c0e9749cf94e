import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Group, Image, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import useSWR from 'swr';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { siteMapId } from '@stormline/domain/map-features';
import { CONVERSION_MESSAGES, conversionChannel } from '@stormline/domain/site-maps';
import { paths } from '../../../config/paths';
import { callApi, isPublicPath, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { errorMessage } from '../../../lib/errors';
import { useChannel } from '../../../lib/realtime';
import { loadAllPages } from '../api/load-all-pages';

type SiteMapRow = ApiResponse<typeof projectsRoutes.listSiteMaps>['pageData'][number];
type Conversion = NonNullable<SiteMapRow['conversion']>;

/** The project's site maps with their conversions and pages, one read for every document's panel. */
export const siteMapsKey = (divisionId: string, projectId: string) =>
  cacheKey(divisionId, 'projects/site-maps', projectId);

function useSiteMaps(divisionId: string, projectId: string) {
  return useSWR(siteMapsKey(divisionId, projectId), () =>
    loadAllPages((cursor) =>
      callApi(projectsRoutes.listSiteMaps, { divisionId, params: { id: projectId }, query: { cursor } }),
    ),
  );
}

/** What the status line says (spec 002 §4, §8): the socket's state first, then the stored status. */
function statusText(conversion: Conversion | null, socket: string): string {
  if (socket === 'connecting') return 'connecting to server';
  if (!conversion) return 'Not converted yet';
  if (conversion.status === 'queued') return 'Queued for conversion';
  if (conversion.status === 'converting')
    return conversion.total > 0
      ? `Converting page ${Math.min(conversion.completed + 1, conversion.total)} of ${conversion.total}`
      : 'Converting';
  if (conversion.status === 'done')
    return `Converted: ${conversion.total} ${conversion.total === 1 ? 'page' : 'pages'}`;
  return 'Conversion failed';
}

/**
 * The file was replaced by one with fewer pages: what was placed on the pages it lacks is kept,
 * not lost, and shows again once a file has those pages (docs/decisions/0041).
 */
function PagesNotInFile({ row }: { row: SiteMapRow }) {
  const features = (n: number) => `${n} ${n === 1 ? 'feature' : 'features'}`;
  const pages = row.pagesNotInFile.map((p) => `page ${p.page} (${features(p.features)})`).join(', ');
  return (
    <Alert color="yellow" title="Map features on pages this file does not have" p="xs">
      <Text fz="sm">
        This file has {row.pages.length} {row.pages.length === 1 ? 'page' : 'pages'}. What was placed on{' '}
        {pages} is kept but does not show. Replace the file with one that has{' '}
        {row.pagesNotInFile.length === 1 ? 'that page' : 'those pages'} to show it again.
      </Text>
    </Alert>
  );
}

/**
 * Under each Active Site Map document (spec 002 §2, §4, §8): its conversion to page images, live
 * over the document's channel and as stored (so a reload shows it), with a progress bar while it
 * converts, the page thumbnails once done, and on error the message and "Convert again" for those
 * who may (`canConvert`: create Uploads and update Project, not archived, not public). A site map
 * never converted (its conversion could not be queued on upload) offers "Convert" (spec 002 §2's
 * document action "convert").
 */
export function SiteMapPages({
  divisionId,
  projectId,
  uploadId,
  canConvert,
}: {
  divisionId: string;
  projectId: string;
  uploadId: string;
  canConvert: boolean;
}) {
  const { data, error, mutate } = useSiteMaps(divisionId, projectId);
  const [live, setLive] = useState<Partial<Conversion> | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The socket only while a conversion may run, never on a public page: a finished conversion
  // is read as stored (and says so), not 'connecting to server' for ever.
  const storedStatus = data?.find((r) => r.id === uploadId)?.conversion?.status;
  const mayRun = [storedStatus, live?.status].some((s) => s === 'queued' || s === 'converting');
  const socket = useChannel(
    divisionId,
    mayRun && !isPublicPath() ? conversionChannel(uploadId) : null,
    (message) => {
      const status = message.status as Conversion['status'];
      setLive({
        status,
        completed: Number(message.completed ?? 0),
        total: Number(message.total ?? 0),
        message: typeof message.message === 'string' ? message.message : null,
      });
      // The pages come with the stored answer once they are listed.
      if (status === 'done' || status === 'error') void mutate();
    },
    // Live (again): what was pushed while not listening is read from the stored answer.
    () => void mutate(),
  );
  if (error)
    return (
      <Text c="red" fz="sm" role="alert">
        {errorMessage(error)}
      </Text>
    );
  if (!data) return <Skeleton h={40} radius="md" aria-label="Loading the site map's pages" />;
  const row = data.find((r) => r.id === uploadId);
  const stored = row?.conversion ?? null;
  // The live message is newer than the stored answer unless a reload has caught up with it.
  const conversion: Conversion | null =
    live && (!stored || live.status !== stored.status || (live.completed ?? 0) >= stored.completed)
      ? { ...(stored ?? { uploadId, updatedAt: new Date().toISOString() }), ...(live as Conversion) }
      : stored;
  const running = conversion?.status === 'queued' || conversion?.status === 'converting';

  async function convertAgain() {
    setStarting(true);
    setFailure(null);
    try {
      const queued = await callApi(uploadsRoutes.convertUpload, {
        divisionId,
        params: { id: uploadId },
        body: { model: 'project_uploads' },
      });
      setLive(queued);
    } catch (caught) {
      setFailure(errorMessage(caught));
    } finally {
      setStarting(false);
    }
  }

  return (
    <Stack gap="xs" aria-label={`Pages of ${row?.name ?? 'the site map'}`}>
      <Text fz="sm" role="status" aria-live="polite">
        {statusText(conversion, socket === 'connecting' && running ? 'connecting' : 'settled')}
      </Text>
      {!conversion && canConvert && (
        <Group>
          <Button size="xs" variant="light" loading={starting} onClick={() => void convertAgain()}>
            Convert
          </Button>
        </Group>
      )}
      {conversion?.status === 'converting' && conversion.total > 0 && (
        <Progress
          value={(100 * conversion.completed) / conversion.total}
          aria-label={`Converted ${conversion.completed} of ${conversion.total} pages`}
        />
      )}
      {conversion?.status === 'error' && (
        <Alert color="red" title="Conversion failed" p="xs">
          <Stack gap={6}>
            <Text fz="sm">{conversion.message ?? CONVERSION_MESSAGES.failed}</Text>
            {canConvert && (
              <Group>
                <Button size="xs" variant="light" loading={starting} onClick={() => void convertAgain()}>
                  Convert again
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {failure && (
        <Text c="red" fz="sm" role="alert">
          {failure}
        </Text>
      )}
      {row && row.pagesNotInFile.length > 0 && <PagesNotInFile row={row} />}
      {row && row.pages.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
          {row.pages.map((page) => {
            const openLabel = (n: number) => `Open map${row.pages.length > 1 ? `, page ${n}` : ''}`;
            // Each page opens in the site map editor (its public twin on a public page), Close back here.
            const mapId = siteMapId(page.upload_id, page.page);
            return (
              <Link
                key={page.id}
                to={
                  isPublicPath()
                    ? paths.public.mapEditor.getHref(divisionId, projectId, mapId)
                    : paths.app.mapEditor.getHref(divisionId, projectId, mapId, { from: 'active-map' })
                }
                // The visible words first in its name (axe: label-content-name-mismatch).
                aria-label={`${openLabel(page.page)}: ${row.name}, page ${page.page}, in the map editor`}
              >
                <Image
                  src={page.thumbnail.url}
                  alt={`${row.name}, page ${page.page}`}
                  w="100%"
                  fit="contain"
                  radius="sm"
                  style={{ aspectRatio: `${page.thumbnail.width} / ${page.thumbnail.height}` }}
                />
                {/* It looks like what it is: a way into the map. */}
                <Text
                  component="span"
                  display="block"
                  fz="sm"
                  ta="center"
                  mt={4}
                  py={4}
                  style={{
                    textDecoration: 'underline',
                    fontWeight: 600,
                    color: 'var(--mantine-color-blue-9)',
                  }}
                >
                  {openLabel(page.page)}
                </Text>
              </Link>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
