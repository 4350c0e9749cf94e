import { useEffect } from 'react';
import { Alert, Button, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import useSWRInfinite from 'swr/infinite';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { siteMapId } from '@stormline/domain/map-features';
import { paths } from '../../../config/paths';
import { callApi, isPublicPath, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

type Page = ApiResponse<typeof projectsRoutes.listInspectionSiteMaps>;

/** Spec 002 §8: what the Map tab says when its site maps cannot be read. */
export const SITE_MAPS_ERROR = 'Cannot get inspection site maps';

/**
 * How many pages in a row may come back empty (the server reads a bounded slice of the project's
 * site-map history per page and leaves out what did not stand for this inspection) before the tab
 * stops reading on by itself and offers "Look further".
 */
const SEEK_PAGES = 10;

function trailingEmptyPages(pages: readonly Page[]): number {
  let empty = 0;
  for (let i = pages.length - 1; i >= 0 && pages[i]!.pageData.length === 0; i--) empty++;
  return empty;
}

/**
 * The inspection's Map tab (spec 002 §2): its site maps as they stood for it, by thumbnail (page
 * images listed before it ended, not removed before it began), a page of the list at a time with
 * "Show more"; with none, the spec's prompt to upload one at /projects/{id}/project-docs (not in
 * the public view, which uploads nothing). A page of the list may be empty while later ones are
 * not (review 20 #3): the tab reads on by itself, and says "none" only at the list's end.
 */
export function InspectionSiteMaps({
  divisionId,
  projectId,
  inspectionId,
  uploadHref,
}: {
  divisionId: string;
  projectId: string;
  inspectionId: string;
  /** The project's documents page; null in the public view. */
  uploadHref: string | null;
}) {
  const { data, error, size, setSize, isValidating, isLoading, mutate } = useSWRInfinite(
    (index, previous: Page | null) =>
      previous && !previous.paginationState.nextCursor
        ? null
        : cacheKey(
            divisionId,
            'inspections/site-maps',
            inspectionId,
            index,
            previous?.paginationState.nextCursor ?? null,
          ),
    (key) => {
      const cursor = key[key.length - 1] as string | null;
      return callApi(projectsRoutes.listInspectionSiteMaps, {
        divisionId,
        params: { id: projectId, inspectionId },
        query: cursor ? { cursor } : {},
      });
    },
    { revalidateFirstPage: false },
  );
  const last = data?.[data.length - 1];
  const hasMore = !!last?.paginationState.nextCursor;
  const empty = data ? trailingEmptyPages(data) : 0;
  const seeking = hasMore && empty > 0 && empty < SEEK_PAGES;
  useEffect(() => {
    if (seeking && !isValidating && size === data?.length) void setSize(size + 1);
  }, [seeking, isValidating, size, data?.length, setSize]);

  if (error)
    return (
      <Alert color="red" variant="light" title={SITE_MAPS_ERROR} role="alert">
        <Button size="xs" variant="subtle" px={0} onClick={() => void mutate()}>
          Reload
        </Button>
      </Alert>
    );
  const pages = data?.flatMap((p) => p.pageData) ?? [];
  if (!data || isLoading || (seeking && pages.length === 0))
    return <Skeleton h={120} radius="lg" aria-label="Loading the site maps" />;
  const loadingMore = (isValidating && size > data.length) || seeking;
  const more = hasMore && (
    <Group>
      <Button variant="light" size="xs" loading={loadingMore} onClick={() => void setSize(size + 1)}>
        {pages.length === 0 ? 'Look further' : 'Show more'}
      </Button>
    </Group>
  );
  if (pages.length === 0)
    return (
      <Paper radius="lg" p="lg">
        <Stack gap="sm">
          <Text fz="sm">
            {hasMore ? (
              'No site maps found yet; older site maps have not all been read.'
            ) : (
              <>
                No active site maps yet.{' '}
                {uploadHref && <Link to={uploadHref}>Upload one in the project’s documents.</Link>}
              </>
            )}
          </Text>
          {more}
        </Stack>
      </Paper>
    );
  return (
    <Paper radius="lg" p="lg">
      <Stack gap="sm">
        <Text fw={600}>Site maps</Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {pages.map((page) => {
            // The map as it stood for this inspection, in the editor; Close comes back to this tab.
            const mapId = siteMapId(page.upload_id, page.page);
            const href = isPublicPath()
              ? paths.public.mapEditor.getHref(divisionId, projectId, mapId)
              : paths.app.mapEditor.getHref(divisionId, projectId, mapId, {
                  from: 'inspection',
                  inspectionId,
                });
            return (
              <Stack key={page.id} gap={4}>
                <Link to={href} aria-label={`Open ${page.name}, page ${page.page} in the map editor`}>
                  <Image
                    src={page.thumbnail.url}
                    alt={`${page.name}, page ${page.page}`}
                    radius="sm"
                    fit="contain"
                    style={{ aspectRatio: `${page.thumbnail.width} / ${page.thumbnail.height}` }}
                  />
                </Link>
                <Text fz="sm">
                  {page.name}, page {page.page}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
        {more}
      </Stack>
    </Paper>
  );
}
