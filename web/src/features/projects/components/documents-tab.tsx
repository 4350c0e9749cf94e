import { useState } from 'react';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { DocumentList, type DocumentPermissions } from '../../../components/documents/document-list';
import { documentListStatus } from '../../../components/documents/list-status';
import { ListError } from '../../../components/list-error';
import { ServerError } from '../../../components/server-error';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { useSession } from '../../../lib/auth';
import { cacheKey } from '../../../lib/cache-keys';
import { hasPermission } from '../../../lib/page-access';
import { SiteMapPages } from './site-map-pages';

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
        <TypeDocuments
          key={type.id}
          divisionId={divisionId}
          projectId={projectId}
          type={type}
          can={can}
          refresh={() => void mutate()}
        />
      ))}
    </Stack>
  );
}

type DocType = ApiResponse<typeof projectsRoutes.listProjectDocs>['docTypes'][number];

/**
 * One document type's list: its first documents came with the tab; Load more reads the type's
 * next page (docTypeId, cursor), so a folder of hundreds is read a page at a time.
 */
function TypeDocuments({
  divisionId,
  projectId,
  type,
  can,
  refresh,
}: {
  divisionId: string;
  projectId: string;
  type: DocType;
  can: DocumentPermissions;
  refresh: () => void;
}) {
  const profile = useSession();
  // The server also refuses archived projects and the public view.
  const canConvert =
    hasPermission(profile, 'create', 'Uploads') && hasPermission(profile, 'update', 'Project');
  const [loaded, setMore] = useState<{
    /** The first page these follow: read again, it starts the list afresh. */
    after: DocType['documents'];
    documents: DocType['documents'];
    cursor: string | null;
  } | null>(null);
  const more = loaded?.after === type.documents ? loaded : null;
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const documents = [...type.documents, ...(more?.documents ?? [])];
  const cursor = more ? more.cursor : type.nextCursor;
  const loadMore = async () => {
    setLoading(true);
    setFailure(null);
    try {
      const page = await callApi(projectsRoutes.listProjectDocs, {
        divisionId,
        params: { id: projectId },
        query: { docTypeId: type.id, cursor: cursor! },
      });
      const next = page.docTypes[0];
      setMore({
        after: type.documents,
        documents: [...(more?.documents ?? []), ...(next?.documents ?? [])],
        cursor: next?.nextCursor ?? null,
      });
    } catch (cause) {
      setFailure(errorMessage(cause, 'An error has occurred'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Paper radius="lg" p="md" withBorder>
      <Title order={3} fz="lg" mb="sm">
        {type.name}
      </Title>
      <DocumentList
        label={`${type.name} documents`}
        divisionId={divisionId}
        documents={documents}
        status={documentListStatus(null, documents)}
        initialRows={FIRST_ROWS}
        can={can}
        record={refused}
        move={refused}
        destroy={refused}
        refresh={() => (setMore(null), refresh())}
        emptyText="No documents"
      />
      {/* site map pages (conversion): each site map's status, progress and page thumbnails */}
      {type.id === SITE_MAP_DOC_TYPE_ID &&
        documents.map((doc) => (
          <Stack key={doc.id} gap={4} mt="md">
            <Text fw={600} fz="sm">
              Pages of {doc.name}
            </Text>
            <SiteMapPages
              divisionId={divisionId}
              projectId={projectId}
              uploadId={doc.id}
              canConvert={canConvert}
            />
          </Stack>
        ))}
      {failure && <ServerError>{failure}</ServerError>}
      {cursor && (
        <Button variant="subtle" size="xs" mt="xs" loading={loading} onClick={() => void loadMore()}>
          Load more {type.name} documents
        </Button>
      )}
    </Paper>
  );
}
