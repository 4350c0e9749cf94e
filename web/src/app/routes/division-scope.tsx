import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { useSession, useStoredDivisionId } from '../../lib/auth';
import { isUserDivision, splitDivisionPath } from '../../lib/division';
import { storage } from '../../lib/storage';

/**
 * Division-scoped pages (/divisions/{divisionId}/...). A division that is not one of the user's
 * goes to the same path without the prefix (spec 000 §2), which the division redirect then puts
 * under the working division. A valid one becomes the stored working division before the page
 * renders, so every call of the page sends it in the divisionId header.
 */
export function DivisionScope() {
  const { divisionId } = useParams();
  const profile = useSession();
  const stored = useStoredDivisionId();
  const location = useLocation();
  const valid = isUserDivision(profile, divisionId);

  useEffect(() => {
    if (valid && divisionId && stored !== divisionId) storage.setDivisionId(divisionId);
  }, [valid, divisionId, stored]);

  if (!valid) {
    const rest = splitDivisionPath(location.pathname)?.rest ?? '/';
    return <Navigate to={`${rest}${location.search}${location.hash}`} replace />;
  }
  if (stored !== divisionId) return null;
  return <Outlet />;
}
