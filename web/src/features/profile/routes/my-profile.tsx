import { Grid, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { useProfileQuery, useSession } from '../../../lib/auth';
import { NotificationSettings } from '../components/notification-settings';
import { ProfileForm } from '../components/profile-form';
import { ProfileSummary } from '../components/profile-summary';
import { SignatureConsent } from '../components/signature-consent';
import { SummaryEmailFrequency } from '../components/summary-email';

/**
 * /my-profile (spec 001 §2): the details and their form, the notification settings, the summary
 * e-mail's frequency and the e-signature consent. Which panels a role has is the server's answer
 * (docs/decisions/0013): a Regulator none; 'Regulator - With Photos' only the Inspection Complete
 * setting, with no frequency or consent control; everyone else all of them.
 */
export default function MyProfileRoute() {
  const profile = useSession();
  const { mutate } = useProfileQuery();
  const settings = profile.notifications ?? [];

  return (
    <>
      <PageHeader
        crumbs={[{ label: 'My Profile' }]}
        title="My Profile"
        description="Your details and preferences."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileSummary profile={profile} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <ProfileForm key={profile.id} profile={profile} onReload={() => mutate()} />
            {settings.length > 0 && <NotificationSettings userId={profile.id} settings={settings} />}
            {profile.summaryEmail && <SummaryEmailFrequency summaryEmail={profile.summaryEmail} />}
            {profile.canConsentToSignatures && (
              <SignatureConsent userId={profile.id} consented={profile.electronicSignatureAuthorization} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
