import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { FullPageLoader } from '../../components/full-page-loader';
import { paths } from '../../config/paths';
import { signOut } from '../../lib/auth';

/** /logout: POST /api/logout (its errors are ignored), forget the token, then sign-in. */
export function Logout() {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void signOut().then(() => {
      if (active) void navigate(paths.auth.login.getHref(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return <FullPageLoader label="Signing out…" />;
}
