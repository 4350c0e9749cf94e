import { Image, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { ListError } from '../../../components/list-error';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';

/**
 * The inspection's Map tab (spec 002 §2): its site maps as they stood for it, by thumbnail (page
 * images listed before it ended, not removed before it began); with none, the spec's prompt to
 * upload one at /projects/{id}/project-docs (not in the public view, which uploads nothing).
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
  const { data, error, mutate } = useSWR(cacheKey(divisionId, 'inspections/site-maps', inspectionId), () =>
    callApi(projectsRoutes.listInspectionSiteMaps, {
      divisionId,
      params: { id: projectId, inspectionId },
      query: {},
    }),
  );
  if (error) return <ListError error={error} onRetry={() => void mutate()} />;
  if (!data) return <Skeleton h={120} radius="lg" aria-label="Loading the site maps" />;
  if (data.pageData.length === 0)
    return (
      <Paper radius="lg" p="lg">
        <Text fz="sm">
          No active site maps yet.{' '}
          {uploadHref && <Link to={uploadHref}>Upload one in the project’s documents.</Link>}
        </Text>
      </Paper>
    );
  return (
    <Paper radius="lg" p="lg">
      <Stack gap="sm">
        <Text fw={600}>Site maps</Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {data.pageData.map((page) => (
            <Stack key={page.id} gap={4}>
              <Image
                src={page.thumbnail.url}
                alt={`${page.name}, page ${page.page}`}
                radius="sm"
                fit="contain"
                style={{ aspectRatio: `${page.thumbnail.width} / ${page.thumbnail.height}` }}
              />
              <Text fz="sm">
                {page.name}, page {page.page}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
