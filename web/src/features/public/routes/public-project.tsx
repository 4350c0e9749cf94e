import { useEffect, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { PublicProjectHeader } from '@stormline/contract/areas/public';
import type { z } from 'zod/mini';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
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

/** What the public project page gives the documents tabs the app composes into it. */
export interface PublicDocumentsSlotProps extends PublicInspectionsSlotProps {
  /** The Active Site Map tab: the site maps only; else the project's other document types. */
  siteMaps: boolean;
}

type PublicTab = 'inspections' | 'project-docs' | 'active-site-map';

/**
 * /public/divisions/{id}/projects/{id} (spec 002 §2, §5 Public read-only views): a published
 * project's name, client and address, its inspections and its documents, all read-only. Anything
 * unpublished, or of no such division, answers 404 from the server and reads as not found here.
 */
export function PublicProjectPage({
  InspectionsTab,
  DocumentsTab,
}: {
  InspectionsTab: ComponentType<PublicInspectionsSlotProps>;
  DocumentsTab?: ComponentType<PublicDocumentsSlotProps>;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const tabs: { value: PublicTab; label: string }[] = [
    { value: 'inspections', label: 'Inspections' },
    ...(DocumentsTab
      ? ([
          { value: 'project-docs', label: 'Project Documents' },
          { value: 'active-site-map', label: 'Active Site Map' },
        ] as const)
      : []),
  ];
  // The tab is in the path (/public/divisions/{d}/projects/{p}/active-site-map): the map's Close
  // comes back to the tab it was opened from.
  const { divisionId: fromPath = '', projectId = '', '*': tabPath = '' } = useParams();
  const navigate = useNavigate();
  const tab: PublicTab = tabs.some((t) => t.value === tabPath) ? (tabPath as PublicTab) : 'inspections';
  const setTab = (value: PublicTab) =>
    void navigate(
      paths.public.project.getHref(fromPath, projectId, value === 'inspections' ? undefined : value),
      { replace: true },
    );
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
      <Tabs
        value={tab}
        onChange={(value) => value && setTab(value as PublicTab)}
        variant={phone ? 'pills' : 'outline'}
        radius="md"
        mb="md"
      >
        {/* As LinkTabs: on a phone, rows of pills 44 px tall, never sideways scrolling (0024). */}
        <Tabs.List aria-label="Project" grow={phone} style={{ flexWrap: 'wrap', gap: phone ? 6 : undefined }}>
          {tabs.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              mih={phone ? 44 : undefined}
              bd={phone ? '1px solid var(--mantine-color-gray-3)' : undefined}
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'inspections' && <InspectionsTab divisionId={divisionId} project={project} />}
      {DocumentsTab && tab !== 'inspections' && (
        <DocumentsTab divisionId={divisionId} project={project} siteMaps={tab === 'active-site-map'} />
      )}
    </>
  );
}
