import { DocumentList } from '../../../components/documents/document-list';
import { documentPermissions } from '../../../components/documents/document-permissions';
import { documentListStatus } from '../../../components/documents/list-status';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { useGroupDocumentActions, useGroupDocuments } from '../api/group-documents';

/** Spec 001 §2 and §9: a group's regulation documents show 15 rows before Show More. */
export const REGULATION_ROWS = 15;

/** The Regulations tab: the group's own documents, in their dragged order. */
export function RegulationsTab({ groupId }: { groupId: string }) {
  const profile = useSession();
  const divisionId = useDivisionId();
  const { data, error, mutate } = useGroupDocuments(groupId);
  const actions = useGroupDocumentActions(groupId);
  return (
    <DocumentList
      label="Regulation documents"
      divisionId={divisionId}
      documents={data}
      status={documentListStatus(error, data)}
      error={error}
      onReload={() => void mutate()}
      initialRows={REGULATION_ROWS}
      can={documentPermissions(profile, 'Regulations')}
      record={actions.record}
      move={actions.move}
      destroy={actions.destroy}
      refresh={actions.refresh}
      testId="regulation-documents"
    />
  );
}
