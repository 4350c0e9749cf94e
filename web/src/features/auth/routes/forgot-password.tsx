import { IconMailForward } from '@tabler/icons-react';
import { AuthComingSoon } from '../components/auth-coming-soon';

export default function ForgotPasswordRoute() {
  return (
    <AuthComingSoon icon={<IconMailForward size={26} stroke={1.6} />} title="Forgot password">
      Resetting a password by email is being set up. Until it is ready, ask your administrator to reset your
      password.
    </AuthComingSoon>
  );
}
