import { useParams } from 'react-router-dom';
import { MapEditorScreen } from '../../features/map-editor/routes/map-editor';
import { usePublicDivisionId } from '../../lib/public-session';

/** /public/divisions/{d}/projects/{p}/map/{mapId}: the site map, read-only (spec 002 §2). */
export default function PublicMapEditorPage() {
  const { divisionId: fromPath = '' } = useParams();
  const divisionId = usePublicDivisionId(fromPath) ?? fromPath;
  return <MapEditorScreen divisionId={divisionId} profile={null} publicView />;
}
