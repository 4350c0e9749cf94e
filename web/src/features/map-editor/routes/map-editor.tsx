import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Profile } from '@stormline/contract/areas/profile';
import { useLeaveGuard } from '../../../components/leave-guard';
import { ServerError } from '../../../components/server-error';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { hasPermission } from '../../../lib/page-access';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useMapInspections, useSiteMap } from '../api/map-calls';
import { MapEditor, type FindingFormSlot } from '../components/map-editor';

export { UNSAVED_TEXT, UNSAVED_TITLE } from '../../../components/leave-guard';
/** Spec 002 §8 "Map load" and the Loading Error dialog. */
export const MAP_LOAD_ERROR = 'There was an error loading the map';
export const MISSING_UPLOAD = 'Missing required variables: projectUpload';
export const PROJECT_SITE_MAPS_ERROR = 'Cannot get project site maps';
export const INSPECTION_SITE_MAPS_ERROR = 'Cannot get inspection site maps';

/**
 * Leaving with pending edits asks first (spec 002 §4, §8): Close, the map arrows and any link of the
 * app go through the shared leave guard's dialog, and closing or reloading the tab gets the
 * browser's unload warning.
 */
function useMapLeaveGuard(dirty: boolean) {
  const { ask, dialog } = useLeaveGuard(dirty);
  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (dirty) ask(leave);
      else leave();
    },
    [dirty, ask],
  );
  return { confirmLeave, dialog };
}

export interface MapEditorScreenProps {
  divisionId: string;
  /** The signed-in user; null on the public twin. */
  profile: Pick<
    Profile,
    'isAdmin' | 'permissions' | 'pages' | 'navigation' | 'roleName' | 'divisions' | 'isReadOnly'
  > | null;
  publicView: boolean;
  FindingForm?: FindingFormSlot;
}

/**
 * /divisions/{d}/projects/{p}/map/{mapId}/edit?from=active-map|inspection(&inspectionId=…)(&locate=…), and
 * the public read-only twin /public/divisions/{d}/projects/{p}/map/{mapId} (spec 002 §2). The map
 * id may be the page image's GUID: /projects/{p}/map/{GUID}/edit comes here through the division
 * prefix, and getSiteMap answers the map it names. Close goes back where the editor was opened.
 */
export function MapEditorScreen({ divisionId, profile, publicView, FindingForm }: MapEditorScreenProps) {
  const { projectId = '', mapId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const from = search.get('from') === 'inspection' ? 'inspection' : 'active-map';
  const originInspection = search.get('inspectionId');
  // ?locate=<findingId> (a finding's page, 'Show on the site map'): the editor shows that finding.
  const locate = search.get('locate');
  const [chosen, setChosen] = useState<{ id: string | null } | null>(
    originInspection ? { id: originInspection } : null,
  );

  const siteMapQuery = useSiteMap(divisionId, projectId, mapId, chosen?.id ?? null);
  const siteMap = siteMapQuery.data;
  const inspectionsQuery = useMapInspections(divisionId, projectId, siteMap?.id ?? null);
  const inspections = inspectionsQuery.data;
  // Without an inspection asked for, the newest one's map (or the baseline when there is none).
  const newest = inspections?.reduce<(typeof inspections)[number] | null>(
    (best, inspection) => (!best || inspection.number > best.number ? inspection : best),
    null,
  );
  const inspectionId = chosen ? chosen.id : inspections ? (newest?.id ?? null) : undefined;

  const [dirty, setDirty] = useState(false);
  const { confirmLeave, dialog } = useMapLeaveGuard(dirty);

  useEffect(() => {
    if (siteMap)
      document.title = `${siteMap.name} · ${siteMap.project.name} · ${getRuntimeConfig().documentTitle}`;
  }, [siteMap]);

  // The public twin is opened from the public project's Active Site Map tab: Close goes back there.
  const backHref = publicView
    ? paths.public.project.getHref(divisionId, projectId, 'active-site-map')
    : from === 'inspection' && originInspection
      ? paths.app.inspection.getHref(originInspection, 'map')
      : paths.app.project.getHref(divisionId, projectId, 'active-site-map');
  const projectHref = publicView
    ? paths.public.project.getHref(divisionId, projectId)
    : paths.app.project.getHref(divisionId, projectId, 'active-site-map');
  const close = () => confirmLeave(() => void navigate(backHref));

  const openMap = (id: string) =>
    confirmLeave(() =>
      navigate(
        publicView
          ? paths.public.mapEditor.getHref(divisionId, projectId, id)
          : paths.app.mapEditor.getHref(divisionId, projectId, id, {
              from,
              inspectionId: originInspection,
            }),
      ),
    );

  if (!projectId || !mapId) return <LoadingErrorDialog message={MISSING_UPLOAD} backHref={projectHref} />;
  if (siteMapQuery.error) {
    const failure = siteMapQuery.error;
    if (failure instanceof ApiError && (failure.status === 404 || failure.status === 403))
      return (
        <LoadingErrorDialog
          message={`${from === 'inspection' ? INSPECTION_SITE_MAPS_ERROR : PROJECT_SITE_MAPS_ERROR}: ${errorMessage(failure)}`}
          backHref={projectHref}
        />
      );
    return (
      <ServerError testId="map-load-error">
        {MAP_LOAD_ERROR}: {errorMessage(failure)}{' '}
        <Button size="compact-xs" variant="subtle" onClick={() => void siteMapQuery.mutate()}>
          Retry
        </Button>
      </ServerError>
    );
  }
  if (inspectionsQuery.error)
    return (
      <ServerError testId="map-load-error">
        {MAP_LOAD_ERROR}: {errorMessage(inspectionsQuery.error)}{' '}
        <Button size="compact-xs" variant="subtle" onClick={() => void inspectionsQuery.mutate()}>
          Retry
        </Button>
      </ServerError>
    );
  if (!siteMap || !inspections || inspectionId === undefined)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the map" />
      </Group>
    );

  const can = (
    action: 'create' | 'update' | 'delete' | 'all',
    resource: Parameters<typeof hasPermission>[2],
  ) => !!profile && !profile.isReadOnly && !publicView && hasPermission(profile, action, resource);

  return (
    <>
      <MapEditor
        // Another map (the arrows) starts a new editor: its own queue and mode.
        key={siteMap.id}
        divisionId={divisionId}
        siteMap={siteMap}
        inspections={inspections}
        inspectionId={inspectionId}
        onInspection={(id) => setChosen({ id })}
        onMap={openMap}
        access={{ mapDrawing: can('all', 'Map Drawing'), archived: siteMap.project.archived, publicView }}
        can={{
          notes: can('all', 'Annotations'),
          legendCreate: can('create', 'Project Legend Item'),
          legendUpdate: can('update', 'Project Legend Item'),
          legendDelete: can('delete', 'Project Legend Item'),
          findings: can('create', 'Findings'),
        }}
        FindingForm={FindingForm}
        findingHref={
          inspectionId
            ? (findingId) =>
                publicView
                  ? paths.public.findingDetails.getHref(inspectionId, findingId)
                  : paths.app.findingDetails.getHref(inspectionId, findingId)
            : undefined
        }
        locate={locate}
        onDirty={setDirty}
        onClose={close}
      />
      {dialog}
    </>
  );
}

/** Spec 002 §8: the 'Loading Error' dialog with 'Back to project'. */
function LoadingErrorDialog({ message, backHref }: { message: string; backHref: string }) {
  const navigate = useNavigate();
  return (
    <Modal opened onClose={() => void navigate(backHref)} title="Loading Error" withCloseButton={false}>
      <Stack>
        <Text fz="sm" role="alert">
          {message}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => void navigate(backHref)}>Back to project</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
