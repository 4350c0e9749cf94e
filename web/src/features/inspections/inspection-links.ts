import { useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { isPublicPath } from '../../lib/api-client';

/**
 * Where the inspection screens link to: their /public twins on a public page (spec 002 §2: the
 * public inspection, its tabs and finding details), the signed-in pages everywhere else.
 */
export function useInspectionLinks() {
  const { pathname } = useLocation();
  const isPublic = isPublicPath(pathname);
  return {
    isPublic,
    inspection: isPublic ? paths.public.inspection.getHref : paths.app.inspection.getHref,
    findingDetails: isPublic ? paths.public.findingDetails.getHref : paths.app.findingDetails.getHref,
  };
}
