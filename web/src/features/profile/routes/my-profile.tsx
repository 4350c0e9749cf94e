import { Badge, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellRinging, IconSignature } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useProfileQuery, useSession } from '../../../lib/auth';
import { ProfileForm } from '../components/profile-form';
import { ProfileSummary } from '../components/profile-summary';

function SettingsPreview({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper p="lg" radius="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={3} fz="md">
              {title}
            </Title>
            <Badge variant="light" color="orange" size="sm" radius="sm">
              Coming soon
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            {children}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** /my-profile (under the working division): details, the editable form, and the settings panels to come. */
export default function MyProfileRoute() {
  const profile = useSession();
  const { mutate } = useProfileQuery();
  // Spec 001 §2: Regulators have no settings panels; 'Regulator - With Photos' only the Inspection Complete notification.
  const regulator = profile.roleName === 'Regulator';
  const photosRegulator = profile.roleName === 'Regulator - With Photos';

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
            {!regulator && (
              <SettingsPreview
                icon={<IconBellRinging size={22} stroke={1.6} />}
                title="Notification settings"
              >
                {photosRegulator
                  ? 'Choose how you hear about completed inspections.'
                  : 'Choose in-app, email or SMS delivery per notification, and how often you get the summary email.'}
              </SettingsPreview>
            )}
            {!regulator && !photosRegulator && (
              <SettingsPreview
                icon={<IconSignature size={22} stroke={1.6} />}
                title="Electronic signature consent"
              >
                Consent to sign inspection certifications electronically. Certification checkboxes become
                active once you have consented here.
              </SettingsPreview>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
