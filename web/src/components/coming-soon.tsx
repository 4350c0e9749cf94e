import type { ReactNode } from 'react';
import { Badge, Flex, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconTools } from '@tabler/icons-react';

/**
 * An honest placeholder for a screen whose work has not landed yet: it names the area, says what
 * the screen will do, and keeps the real layout around it.
 */
export function ComingSoon({
  title,
  description,
  features = [],
  icon,
  embedded = false,
  children,
}: {
  title: string;
  /** Inside another panel (a tab): no frame of its own. */
  embedded?: boolean;
  description: ReactNode;
  features?: readonly string[];
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper
      p={embedded ? { base: 'sm', sm: 'md' } : { base: 'lg', sm: 'xl' }}
      radius="lg"
      withBorder={!embedded}
      shadow={embedded ? undefined : 'xs'}
      data-testid="coming-soon"
    >
      <Stack gap="lg">
        <Flex gap="md" direction={{ base: 'column', xs: 'row' }} align="flex-start" maw={720}>
          <ThemeIcon size={48} radius="md" variant="light">
            {icon ?? <IconTools size={26} stroke={1.6} />}
          </ThemeIcon>
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={2} fz="h3">
                {title}
              </Title>
              <Badge variant="light" color="orange" radius="sm">
                Coming soon
              </Badge>
            </Group>
            <Text c="dimmed">{description}</Text>
          </Stack>
        </Flex>
        {features.length > 0 && (
          <Stack gap={8} maw={720}>
            <Text fw={600} fz="sm">
              What this screen will do
            </Text>
            <List
              spacing={6}
              fz="sm"
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color="teal">
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              {features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
