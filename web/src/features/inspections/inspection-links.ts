import { useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { isPublicPath } from '../../lib/api-client';
import { publicDivision } from '../../lib/public-session';

/**
 * Where the inspection screens link to: their /public twins on a public page (spec 002 §2: the
 * public inspection, its tabs and finding details), the signed-in pages everywhere else.
 */
export function useInspectionLinks() {
  const { pathname } = useLocation();
  const isPublic = isPublicPath(pathname);
  // A public address carries its division, so a copied tab or finding link opens anywhere.
  const division = isPublic ? publicDivision.get() : null;
  const withDivision = (href: string) =>
    division ? `${href}?division=${encodeURIComponent(division)}` : href;
  return {
    isPublic,
    inspection: (id: string, tab?: string) =>
      isPublic
        ? withDivision(paths.public.inspection.getHref(id, tab))
        : paths.app.inspection.getHref(id, tab),
    findingDetails: (inspectionId: string, findingId: string) =>
      isPublic
        ? withDivision(paths.public.findingDetails.getHref(inspectionId, findingId))
        : paths.app.findingDetails.getHref(inspectionId, findingId),
  };
}
