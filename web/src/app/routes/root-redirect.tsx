import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useToken } from '../../lib/auth';

/**
 * Spec 001 §2: / goes to the dashboard when signed in, else to sign-in. The dashboard path
 * without a division is completed by the division redirect, which knows the working division.
 */
export function RootRedirect() {
  const token = useToken();
  return <Navigate to={token ? '/dashboard' : paths.auth.login.getHref()} replace />;
}
