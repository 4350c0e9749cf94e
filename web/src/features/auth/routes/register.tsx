import { IconUserPlus } from '@tabler/icons-react';
import { AuthComingSoon } from '../components/auth-coming-soon';

export default function RegisterRoute() {
  return (
    <AuthComingSoon icon={<IconUserPlus size={26} stroke={1.6} />} title="Complete your registration">
      Completing an invitation is being set up. Your invitation stays valid; open this link again once
      registration is available, or ask your administrator for help.
    </AuthComingSoon>
  );
}
