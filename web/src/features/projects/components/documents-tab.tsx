import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { DocumentList, type DocumentPermissions } from '../../../components/documents/document-list';
import { documentListStatus } from '../../../components/documents/list-status';
import { ListError } from '../../../components/list-error';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { cacheKey } from '../../../lib/cache-keys';
import { hasPermission } from '../../../lib/page-access';

/** Spec 001 §9: a document list shows 3 rows before Show More (15 come with the first read). */
const FIRST_ROWS = 3;

const refused = () => Promise.reject(new Error('Project documents are read-only for now'));

/**
 * The project's documents (spec 002 §2: Project Documents and Active Site Map), one list per
 * document type, read-only with download: uploading, sorting, renaming and replacing them come
 * with the site-map editor.
 */
export function ProjectDocumentsTab({
  divisionId,
  projectId,
  siteMaps,
}: {
  divisionId: string;
  projectId: string;
  /** The Active Site Map tab: the site maps only; else every other type the project keeps. */
  siteMaps: boolean;
}) {
  const profile = useSession();
  const { data, error, mutate } = useSWR(cacheKey(divisionId, 'projects/docs', projectId), () =>
    callApi(projectsRoutes.listProjectDocs, { divisionId, params: { id: projectId }, query: {} }),
  );
  if (error) return <ListError error={error} onRetry={() => void mutate()} />;
  if (!data)
    return (
      <Stack aria-busy>
        <Skeleton h={90} radius="md" />
      </Stack>
    );
  const can: DocumentPermissions = {
    upload: false,
    sort: false,
    rename: false,
    replace: false,
    destroy: false,
    download: hasPermission(profile, 'read', 'Project'),
  };
  const types = data.docTypes.filter((t) => (t.id === SITE_MAP_DOC_TYPE_ID) === siteMaps);
  if (types.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        This project keeps no other document types. Choose them in Edit Project.
      </Text>
    );
  return (
    <Stack>
      {types.map((type) => (
        <Paper key={type.id} radius="lg" p="md" withBorder>
          <Title order={3} fz="lg" mb="sm">
            {type.name}
          </Title>
          <DocumentList
            label={`${type.name} documents`}
            divisionId={divisionId}
            documents={type.documents}
            status={documentListStatus(null, type.documents)}
            initialRows={FIRST_ROWS}
            can={can}
            record={refused}
            move={refused}
            destroy={refused}
            refresh={() => void mutate()}
            emptyText="No documents"
          />
        </Paper>
      ))}
    </Stack>
  );
}
