import { useState } from 'react';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import useSWR, { type KeyedMutator } from 'swr';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { DOCUMENT_LIST_LIMITS, REPLACE_LIMITS, SITE_MAP_LIMITS } from '@stormline/domain/uploads';
import type { DocumentRow } from '../../../components/documents/document-calls';
import { DocumentList, type DocumentPermissions } from '../../../components/documents/document-list';
import { projectDocumentPermissions } from '../../../components/documents/document-permissions';
import { documentListStatus } from '../../../components/documents/list-status';
import {
  destroyDocument,
  recordUpload,
  sortDocument,
  withDocumentMoved,
  type DocumentOwner,
} from '../../../components/documents/owner-calls';
import { ListError } from '../../../components/list-error';
import { ServerError } from '../../../components/server-error';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { useSession } from '../../../lib/auth';
import { cacheKey } from '../../../lib/cache-keys';
import { SiteMapPages } from './site-map-pages';

/** Spec 001 §9: a document list shows 3 rows before Show More (15 come with the first read). */
const FIRST_ROWS = 3;

/** Spec 002 §5: the site maps' own limits, on upload and on replace; other types a list's. */
const SITE_MAP_LIST_LIMITS = { upload: SITE_MAP_LIMITS, replace: SITE_MAP_LIMITS };
const OTHER_LIST_LIMITS = { upload: DOCUMENT_LIST_LIMITS, replace: REPLACE_LIMITS };

type Docs = ApiResponse<typeof projectsRoutes.listProjectDocs>;

/**
 * The project's documents (spec 002 §2: Project Documents and Active Site Map), one list per
 * document type, each the one DocumentList: upload with a progress bar, sort by drag or keyboard,
 * rename, replace, download and delete, as the user's permissions allow (the server's rules,
 * docs/decisions/0037). An archived project and the public view change nothing.
 */
export function ProjectDocumentsTab({
  divisionId,
  projectId,
  siteMaps,
  readOnly = false,
}: {
  divisionId: string;
  projectId: string;
  /** The Active Site Map tab: the site maps only; else every other type the project keeps. */
  siteMaps: boolean;
  /** An archived project, or the public view: download only. */
  readOnly?: boolean;
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
          can={projectDocumentPermissions(profile, { docTypeId: type.id, readOnly })}
          mutate={mutate}
        />
      ))}
    </Stack>
  );
}

type DocType = Docs['docTypes'][number];

/**
 * The calls of one type's list: record and delete read the tab again; a move shows at once and
 * the server's order (the type's whole list) replaces it, or the old order comes back.
 */
function typeActions(
  divisionId: string,
  owner: Extract<DocumentOwner, { kind: 'project' }>,
  mutate: KeyedMutator<Docs>,
) {
  const withType = (docs: Docs | undefined, change: (type: DocType) => DocType): Docs =>
    docs
      ? { docTypes: docs.docTypes.map((type) => (type.id === owner.docTypeId ? change(type) : type)) }
      : docs!;
  return {
    record: (upload: string) => recordUpload(divisionId, owner, upload),
    move: (doc: DocumentRow, order: number) =>
      mutate(
        async (current) => {
          const documents = await sortDocument(divisionId, owner, doc, order);
          return withType(current, (type) => ({ ...type, documents, nextCursor: null }));
        },
        {
          optimisticData: (current) =>
            withType(current, (type) => ({
              ...type,
              documents: withDocumentMoved(type.documents, doc.id, order),
            })),
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      ),
    destroy: async (doc: DocumentRow) => {
      await destroyDocument(divisionId, owner, doc);
      await mutate();
    },
  };
}

/**
 * One document type's list: its first documents came with the tab; Load more reads the type's
 * next page (docTypeId, cursor), so a folder of hundreds is read a page at a time.
 */
function TypeDocuments({
  divisionId,
  projectId,
  type,
  can,
  mutate,
}: {
  divisionId: string;
  projectId: string;
  type: DocType;
  can: DocumentPermissions;
  mutate: KeyedMutator<Docs>;
}) {
  const actions = typeActions(divisionId, { kind: 'project', projectId, docTypeId: type.id }, mutate);
  const siteMaps = type.id === SITE_MAP_DOC_TYPE_ID;
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
        limits={siteMaps ? SITE_MAP_LIST_LIMITS : OTHER_LIST_LIMITS}
        record={actions.record}
        move={actions.move}
        destroy={actions.destroy}
        refresh={() => (setMore(null), mutate())}
        uploadLabel={siteMaps ? 'Upload Site Map' : 'Upload Document'}
        emptyText="No documents"
        testId={`documents-${type.id}`}
      />
      {/* Each site map's conversion: its status, progress and page thumbnails (0038). */}
      {siteMaps &&
        documents.map((doc) => (
          <Stack key={doc.id} gap={4} mt="md">
            <Text fw={600} fz="sm">
              Pages of {doc.name}
            </Text>
            <SiteMapPages
              divisionId={divisionId}
              projectId={projectId}
              uploadId={doc.id}
              canConvert={can.upload}
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
