import { IconKey } from '@tabler/icons-react';
import { AuthComingSoon } from '../components/auth-coming-soon';

export default function ResetPasswordRoute() {
  return (
    <AuthComingSoon icon={<IconKey size={26} stroke={1.6} />} title="Reset password">
      Choosing a new password from a reset link is being set up. Until it is ready, ask your administrator to
      reset your password.
    </AuthComingSoon>
  );
}
