import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

export interface Crumb {
  label: string;
  href?: string | null;
}

/**
 * The top of every page: breadcrumbs rooted at the area (spec 001 §2), the title and its actions.
 * An area's root page shows no trail: its one crumb would repeat the title. On a phone the trail
 * gives way to one back button to the nearest page above, big enough for a thumb (docs/decisions/0024).
 */
export function PageHeader({
  crumbs = [],
  title,
  description,
  actions,
}: {
  crumbs?: Crumb[];
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const back = crumbs
    .slice(0, -1)
    .reverse()
    .find((crumb) => crumb.href);
  return (
    <Stack gap={6} mb="lg">
      {crumbs.length > 1 && back?.href && (
        <Button
          component={Link}
          to={back.href}
          hiddenFrom="xs"
          variant="subtle"
          px={6}
          w="fit-content"
          maw="100%"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {back.label}
        </Button>
      )}
      {crumbs.length > 1 && (
        <Breadcrumbs separatorMargin={6} fz="sm" aria-label="Breadcrumb" visibleFrom="xs">
          {crumbs.map((crumb, index) =>
            crumb.href && index < crumbs.length - 1 ? (
              <Anchor
                key={`${crumb.label}-${index}`}
                component={Link}
                to={crumb.href}
                fz="sm"
                c="dimmed"
                mih={24}
                style={{ display: 'inline-flex', alignItems: 'center' }}
              >
                {crumb.label}
              </Anchor>
            ) : (
              <Text
                key={`${crumb.label}-${index}`}
                fz="sm"
                c={index === crumbs.length - 1 ? 'dark.4' : 'dimmed'}
              >
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }} c="harbor.9">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
