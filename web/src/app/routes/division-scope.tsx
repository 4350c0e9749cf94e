import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { useSession } from '../../lib/auth';
import { isUserDivision, splitDivisionPath } from '../../lib/division';
import { DivisionProvider } from '../../lib/division-context';
import { storage } from '../../lib/storage';

/**
 * Division-scoped pages (/divisions/{divisionId}/...). A division that is not one of the user's
 * goes to the same path without the prefix (spec 000 §2), which the division redirect then puts
 * under the working division. A valid one is the page's division (useDivisionId) and is
 * remembered as the one to land on next time; the page never waits for storage.
 */
export function DivisionScope() {
  const { divisionId } = useParams();
  const profile = useSession();
  const location = useLocation();
  const valid = isUserDivision(profile, divisionId);

  useEffect(() => {
    if (valid && divisionId) storage.setDivisionId(divisionId);
  }, [valid, divisionId]);

  if (!valid || !divisionId) {
    // One leading slash: '/divisions/x//example.org' must not become a link to another site.
    const rest = (splitDivisionPath(location.pathname)?.rest ?? '/').replace(/^\/+/, '/');
    return <Navigate to={`${rest}${location.search}${location.hash}`} replace />;
  }
  return (
    <DivisionProvider divisionId={divisionId}>
      <Outlet />
    </DivisionProvider>
  );
}
