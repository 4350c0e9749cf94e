import { useRef } from 'react';
import { Text } from '@mantine/core';
import { FindingForm, projectToday } from '../../features/inspections/components/finding-form';
import { createFinding, useInspection } from '../../features/inspections/api/inspections';
import type { FindingFormSlotProps } from '../../features/map-editor/components/map-editor';
import { MapEditorScreen } from '../../features/map-editor/routes/map-editor';
import { useSession } from '../../lib/auth';
import { useDivisionId } from '../../lib/division-context';
import { errorMessage } from '../../lib/errors';

/**
 * Spec 002 §9: a finding made from the map is the inspection workflow's finding form with the map's
 * defaults (type CA, the map location text), POSTed to the inspection, then placed on the map.
 * A feature never imports another (web/README.md): the app composes the inspections feature's form
 * into the map editor.
 */
function MapFindingForm({ divisionId, inspectionId, defaults, onCreated, onCancel }: FindingFormSlotProps) {
  const { data: inspection, error } = useInspection(divisionId, inspectionId);
  const created = useRef<Parameters<FindingFormSlotProps['onCreated']>[0] | null>(null);
  if (error) return <Text c="red">{errorMessage(error)}</Text>;
  if (!inspection) return <Text fz="sm">Loading…</Text>;
  return (
    <FindingForm
      divisionId={divisionId}
      inspection={inspection}
      initial={{
        finding_type_id: null,
        location: defaults.location,
        date_initiated: projectToday(inspection),
        condition: null,
      }}
      withObservation
      submitLabel="Add Finding"
      toasts={{
        pending: 'Creating Finding',
        done: 'Finding Created',
        failed: 'Cannot create finding because of error: ',
      }}
      onSubmit={async (input) => {
        const finding = await createFinding(divisionId, inspectionId, input);
        created.current = {
          id: finding.id,
          // As the map's read names it (the server joins the finding's number and type).
          name: `${finding.type.code} #${finding.number}`,
          color: finding.type.color || defaults.color,
          location: finding.location,
        };
      }}
      onClose={() => (created.current ? onCreated(created.current) : onCancel())}
    />
  );
}

/** /divisions/{d}/projects/{p}/map/{mapId}/edit: the signed-in site map editor. */
export default function MapEditorPage() {
  const divisionId = useDivisionId();
  const profile = useSession();
  return (
    <MapEditorScreen
      divisionId={divisionId}
      profile={profile}
      publicView={false}
      FindingForm={MapFindingForm}
    />
  );
}
