import { Link } from 'react-router-dom';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LIST_FORBIDDEN_MESSAGE, ListPager } from '../../../components/data-table';
import { DocumentList, type DocumentPermissions } from '../../../components/documents/document-list';
import { documentPermissions } from '../../../components/documents/document-permissions';
import { documentListStatus } from '../../../components/documents/list-status';
import { ListError } from '../../../components/list-error';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { useBmpDocumentActions, useBmpDocuments, useBmpItems, type BmpItem } from '../api/bmp-items';

const downloadOnly = (can: DocumentPermissions): DocumentPermissions => ({
  upload: false,
  sort: false,
  rename: false,
  replace: false,
  destroy: false,
  download: can.download,
});

/** Spec 001 §9: a document list shows 3 rows before Show More. */
export const BMP_DOCUMENT_ROWS = 3;

const TYPE_LABELS: Record<BmpItem['type'], string> = {
  control_measure: 'Control measure',
  pollutant: 'Pollutant',
};

/**
 * The BMP tab: the division's legend items that list this regulation, each with its own
 * documents (spec 001 §3: 'BMP legend items each hold group_docs'). A legend item's documents are
 * the same in every group it lists (ADR 0015).
 */
export function BmpTab({
  groupId,
  readOnly = false,
}: {
  groupId: string;
  /** A project's BMP Details while the project is archived: download only. */
  readOnly?: boolean;
}) {
  const divisionId = useDivisionId();
  const list = useBmpItems(groupId);
  const items = list.status === 'ready' ? (list.rows ?? []) : [];
  const ids = items.map((item) => item.id);
  const documents = useBmpDocuments(groupId, ids);

  if (list.status === 'loading')
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={90} radius="md" />
        <Skeleton h={90} radius="md" />
      </Stack>
    );
  if (list.status === 'forbidden')
    return (
      <Text ta="center" c="dimmed" py="lg">
        {LIST_FORBIDDEN_MESSAGE}
      </Text>
    );
  if (list.status === 'error') return <ListError error={list.error} onRetry={list.reload} />;
  if (items.length === 0)
    return (
      <Stack gap={4} align="center" py="lg">
        <Text c="dimmed">No legend items found</Text>
        <Text fz="sm" c="dimmed" ta="center">
          Legend items that list this regulation appear here with their documents. Choose the regulation on a
          legend item in the{' '}
          <Anchor component={Link} to={paths.app.mapLegend.getHref(divisionId)} fz="sm">
            Map Legend
          </Anchor>
          .
        </Text>
      </Stack>
    );

  return (
    <Stack gap="md">
      {items.map((item) => (
        <BmpItemDocuments
          key={item.id}
          groupId={groupId}
          itemIds={ids}
          item={item}
          documents={documents.data ? (documents.data[item.id] ?? []) : undefined}
          error={documents.error}
          onReload={() => void documents.mutate()}
          readOnly={readOnly}
        />
      ))}
      <ListPager list={list} />
    </Stack>
  );
}

function BmpItemDocuments({
  groupId,
  itemIds,
  item,
  documents,
  error,
  onReload,
  readOnly,
}: {
  readOnly: boolean;
  groupId: string;
  itemIds: string[];
  item: BmpItem;
  documents: Parameters<typeof DocumentList>[0]['documents'];
  error: unknown;
  onReload: () => void;
}) {
  const profile = useSession();
  const divisionId = useDivisionId();
  const actions = useBmpDocumentActions(groupId, itemIds, item.id);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`bmp-${item.id}`}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={3} fz="md" id={`bmp-${item.id}`} style={{ overflowWrap: 'anywhere' }}>
          {item.name}
        </Title>
        <Badge variant="light" color={item.type === 'pollutant' ? 'orange' : 'blue'} radius="sm">
          {TYPE_LABELS[item.type]}
        </Badge>
      </Group>
      <DocumentList
        label={`Documents of ${item.name}`}
        divisionId={divisionId}
        documents={documents}
        status={documentListStatus(error, documents)}
        error={error}
        onReload={onReload}
        initialRows={BMP_DOCUMENT_ROWS}
        can={
          readOnly
            ? downloadOnly(documentPermissions(profile, 'Legend Item'))
            : documentPermissions(profile, 'Legend Item')
        }
        record={actions.record}
        move={actions.move}
        destroy={actions.destroy}
        refresh={actions.refresh}
        testId="bmp-documents"
      />
    </Paper>
  );
}
