import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../../components/full-page-loader';
import { paths } from '../../config/paths';
import { ApiError, onUnauthorized } from '../../lib/api-client';
import { endSession, SessionProvider, useProfileQuery, useToken } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * The gate of every signed-in page: without a token, to sign-in with the return path; then the
 * profile, whose failure removes the token and signs the user out (spec 001 §8).
 */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  const { data: profile, error } = useProfileQuery();

  useEffect(() => onUnauthorized(() => void endSession(SESSION_ENDED)), []);

  useEffect(() => {
    if (!error) return;
    void endSession(
      error instanceof ApiError && error.status === 401
        ? SESSION_ENDED
        : `Your profile could not be loaded (${errorMessage(error)}). Please sign in again.`,
    );
  }, [error]);

  if (!token) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login.getHref(here === '/' ? null : here)} replace />;
  }
  if (error) return <FullPageLoader label="Signing out…" />;
  if (!profile) return <FullPageLoader label="Loading your workspace…" />;
  return (
    <SessionProvider profile={profile}>
      <Outlet />
    </SessionProvider>
  );
}
