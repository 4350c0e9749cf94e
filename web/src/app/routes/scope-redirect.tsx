import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/auth';
import { chooseDivisionId, needsDivisionPrefix, withDivision } from '../../lib/division';
import { storage } from '../../lib/storage';
import { NoDivision } from './no-division';
import { NotFound } from './not-found';

/**
 * Spec 000 §2: a path without the division prefix that belongs to division scope (/projects,
 * /my-profile, /dashboard...) goes to the same path under the working division.
 */
export function ScopeRedirect() {
  const { pathname, search, hash } = useLocation();
  const profile = useSession();
  if (!needsDivisionPrefix(pathname)) return <NotFound />;
  const divisionId = chooseDivisionId(profile, storage.getDivisionId());
  if (!divisionId) return <NoDivision />;
  return <Navigate to={`${withDivision(divisionId, pathname)}${search}${hash}`} replace />;
}
