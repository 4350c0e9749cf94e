import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudRain } from '@tabler/icons-react';
import { formatLongDate } from '../../../lib/format';

export function WelcomeBanner({
  firstName,
  divisionName,
  roleName,
  region,
}: {
  firstName: string;
  divisionName: string | null;
  roleName: string;
  region: 'UK' | 'US';
}) {
  return (
    <Paper
      p={{ base: 'lg', sm: 'xl' }}
      radius="lg"
      shadow="sm"
      withBorder={false}
      style={{ background: 'linear-gradient(120deg, #0d2f46 0%, #0b4f6c 60%, #037494 100%)', color: 'white' }}
    >
      <Group justify="space-between" align="center" wrap="nowrap" gap="lg">
        <Stack gap={6}>
          <Text fz="sm" c="rgba(255,255,255,0.75)">
            {formatLongDate(new Date(), region)}
          </Text>
          <Title order={2} c="white" fz={{ base: 24, sm: 30 }} data-testid="welcome">
            Welcome, {firstName}
          </Title>
          <Group gap="xs">
            {divisionName && (
              <Badge variant="white" color="harbor" radius="sm">
                {divisionName}
              </Badge>
            )}
            <Badge
              variant="outline"
              color="white"
              radius="sm"
              style={{ borderColor: 'rgba(255,255,255,0.5)' }}
            >
              {roleName}
            </Badge>
          </Group>
        </Stack>
        <ThemeIcon size={72} radius="xl" color="rgba(255,255,255,0.12)" visibleFrom="xs">
          <IconCloudRain size={40} stroke={1.4} color="#bfe9f3" />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
