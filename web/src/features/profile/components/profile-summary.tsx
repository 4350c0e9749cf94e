import { Avatar, Badge, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone, IconBriefcase2, IconSignature } from '@tabler/icons-react';
import type { Profile } from '@stormline/contract/areas/profile';
import { initials } from '../../../lib/format';

function Detail({ icon, label, value }: { icon: React.ReactNode; label: string; value: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} display="flex">
        {icon}
      </Text>
      <div style={{ minWidth: 0 }}>
        <Text fz="xs" c="dimmed">
          {label}
        </Text>
        {/* A div: a value may be a Badge (a div), which a paragraph may not hold. */}
        <Text fz="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </div>
    </Group>
  );
}

export function ProfileSummary({ profile }: { profile: Profile }) {
  const phone = profile.address.phone
    ? `${profile.address.phone}${profile.address.phone_ext ? ` ext. ${profile.address.phone_ext}` : ''}`
    : 'Not set';
  return (
    <Paper p="lg" radius="lg" data-testid="profile-summary">
      <Stack gap="md">
        <Stack align="center" gap={6} ta="center">
          <Avatar size={76} radius={76} color="storm" variant="filled" fz={28}>
            {initials(profile.name)}
          </Avatar>
          <Text fw={650} fz="lg" mt={4}>
            {profile.name}
          </Text>
          <Badge variant="light" radius="sm">
            {profile.roleName}
          </Badge>
        </Stack>
        <Divider />
        <Detail icon={<IconMail size={18} />} label="Email" value={profile.email} />
        <Detail icon={<IconBriefcase2 size={18} />} label="Position" value={profile.position || 'Not set'} />
        <Detail icon={<IconPhone size={18} />} label="Phone" value={phone} />
        {/* Only for roles with the consent control (not the Regulators, spec 001 §2). */}
        {profile.canConsentToSignatures !== false && (
          <Detail
            icon={<IconSignature size={18} />}
            label="Electronic signatures"
            value={
              profile.electronicSignatureAuthorization ? (
                <Badge color="teal" variant="light" size="sm" radius="sm">
                  Consent given
                </Badge>
              ) : (
                <Badge color="gray" variant="light" size="sm" radius="sm">
                  No consent yet
                </Badge>
              )
            }
          />
        )}
        <Divider />
        <div>
          <Text fz="xs" c="dimmed" mb={6}>
            Divisions
          </Text>
          <Group gap={6}>
            {profile.divisions.length ? (
              profile.divisions.map((division) => (
                <Badge key={division.id} variant="outline" color="harbor" radius="sm">
                  {division.name}
                </Badge>
              ))
            ) : (
              <Text fz="sm">None</Text>
            )}
          </Group>
        </div>
      </Stack>
    </Paper>
  );
}
