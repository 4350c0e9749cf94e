import { Anchor } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { siteMapId } from '@stormline/domain/map-features';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useInspectionLinks } from '../inspection-links';

export const SHOW_ON_MAP = 'Show on the site map';

/**
 * 'Show on the site map' on a finding's page (docs/decisions/0041). Which map holds the pin is not
 * in the finding's read, and reading every map's positionables is heavy, so the inspection's site
 * maps decide (the first page of the Map tab's own list): one site map opens the editor on it for
 * this inspection with ?locate=<findingId>, which shows the pin; several open the inspection's Map
 * tab to pick one; none (or the list unreadable) show no link.
 */
export function FindingMapLink({
  divisionId,
  projectId,
  inspectionId,
  findingId,
}: {
  divisionId: string;
  projectId: string;
  inspectionId: string;
  findingId: string;
}) {
  const links = useInspectionLinks();
  const { data } = useSWR(cacheKey(divisionId, 'inspections/finding-site-maps', inspectionId), () =>
    callApi(projectsRoutes.listInspectionSiteMaps, {
      divisionId,
      params: { id: projectId, inspectionId },
      query: {},
    }),
  );
  if (!data) return null;
  const only = data.pageData.length === 1 && !data.paginationState.nextCursor ? data.pageData[0]! : null;
  if (!only && data.pageData.length === 0 && !data.paginationState.nextCursor) return null;
  let href = links.inspection(inspectionId, 'map');
  if (only) {
    const mapId = siteMapId(only.upload_id, only.page);
    href = links.isPublic
      ? paths.public.mapEditor.getHref(divisionId, projectId, mapId, findingId)
      : paths.app.mapEditor.getHref(divisionId, projectId, mapId, {
          from: 'inspection',
          inspectionId,
          locate: findingId,
        });
  }
  return (
    <Anchor component={Link} to={href} fz="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      <IconMapPin size={16} aria-hidden />
      {SHOW_ON_MAP}
    </Anchor>
  );
}
