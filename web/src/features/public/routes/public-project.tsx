import { useEffect, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { PublicProjectHeader } from '@stormline/contract/areas/public';
import type { z } from 'zod/mini';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { usePublicDivisionId } from '../../../lib/public-session';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { usePublicProject } from '../api/public';

export type PublicProject = z.infer<typeof PublicProjectHeader>;

/** What the public project page gives the inspections tab the app composes into it. */
export interface PublicInspectionsSlotProps {
  divisionId: string;
  project: PublicProject;
}

/**
 * /public/divisions/{id}/projects/{id} (spec 002 §2, §5 Public read-only views): a published
 * project's name, client and address, and its inspections read-only. Anything unpublished, or of
 * no such division, answers 404 from the server and reads as not found here.
 */
export function PublicProjectPage({
  InspectionsTab,
}: {
  InspectionsTab: ComponentType<PublicInspectionsSlotProps>;
}) {
  const { divisionId: fromPath = '', projectId = '' } = useParams();
  const divisionId = usePublicDivisionId(fromPath) ?? fromPath;
  const { data: project, error } = usePublicProject(divisionId, projectId);

  useEffect(() => {
    if (project) document.title = `${project.name} · Public view · ${getRuntimeConfig().documentTitle}`;
  }, [project]);

  if (error)
    return (
      <>
        <PageHeader title="Project" />
        <Alert color="gray" icon={<IconAlertCircle size={18} />}>
          {error instanceof ApiError && error.status === 404
            ? 'This project is not public, or it does not exist.'
            : errorMessage(error, 'An error has occurred')}
        </Alert>
      </>
    );
  if (!project)
    return (
      <Stack>
        <Skeleton h={36} w={320} />
        <Skeleton h={80} />
      </Stack>
    );

  const address = [project.street, project.city, project.place, project.zip].filter(Boolean).join(', ');
  return (
    <>
      <PageHeader crumbs={[{ label: 'Public view' }, { label: project.name }]} title={project.name} />
      <Paper radius="lg" p="md" mb="md">
        <Text fz="xs" c="dimmed">
          Client
        </Text>
        <Text fw={500} fz="sm" mb="xs">
          {project.clientName}
        </Text>
        <Text fz="xs" c="dimmed">
          Address
        </Text>
        <Text fw={500} fz="sm">
          {address || '—'}
        </Text>
      </Paper>
      <Tabs value="inspections" variant="outline" radius="md" mb="md">
        <Tabs.List>
          <Tabs.Tab value="inspections">Inspections</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <InspectionsTab divisionId={divisionId} project={project} />
    </>
  );
}
