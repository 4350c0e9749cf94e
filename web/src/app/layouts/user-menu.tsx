import { Link } from 'react-router-dom';
import { Avatar, Badge, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBooks, IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { paths } from '../../config/paths';
import { useCurrentDivisionId, useSession } from '../../lib/auth';
import { initials } from '../../lib/format';
import classes from './user-menu.module.css';

/**
 * The avatar's initials are drawn by CSS, not written as text: as text they would be words on the
 * button missing from its accessible name (the name and role), which speech input relies on.
 */
function Initials({ name }: { name: string }) {
  return <span aria-hidden="true" className={classes.initials} data-initials={initials(name)} />;
}

/** The user's name and role, with My Profile and Log Out (spec 001 §2). */
export function UserMenu() {
  const profile = useSession();
  const divisionId = useCurrentDivisionId();
  const profileHref = divisionId ? paths.app.myProfile.getHref(divisionId) : '/my-profile';

  return (
    // Without Mantine's focus placeholder: a role=presentation child is not allowed inside role=menu
    // (axe aria-required-children). Arrow keys still move into the items, Escape returns to the button.
    <Menu position="bottom-end" width={260} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {/* The name starts with the words on the button (WCAG 2.5.3, axe label-content-name-mismatch). */}
        <UnstyledButton
          aria-label={`${profile.name}, ${profile.roleName}: user menu`}
          data-testid="user-menu"
          style={{ borderRadius: 999 }}
          py={4}
          pl={4}
          pr={{ base: 4, sm: 8 }}
        >
          <Group gap={10} wrap="nowrap">
            <Avatar color="storm" variant="filled" radius="xl" size={36}>
              <Initials name={profile.name} />
            </Avatar>
            <Box visibleFrom="sm" maw={180}>
              <Text
                component="span"
                display="block"
                fz="sm"
                fw={600}
                lh={1.2}
                truncate="end"
                data-testid="user-menu-name"
              >
                {profile.name}
              </Text>{' '}
              <Text component="span" display="block" fz="xs" c="dimmed" lh={1.3} truncate="end">
                {profile.roleName}
              </Text>
            </Box>
            <Box visibleFrom="sm" c="dimmed" display="flex">
              <IconChevronDown size={16} />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text fz="sm" fw={600} truncate="end">
            {profile.name}
          </Text>
          <Text fz="xs" c="dimmed" truncate="end">
            {profile.email}
          </Text>
          <Badge variant="light" size="sm" mt={6} radius="sm">
            {profile.roleName}
          </Badge>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to={profileHref} leftSection={<IconUserCircle size={18} stroke={1.6} />}>
          My Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.app.userManuals.getHref()}
          leftSection={<IconBooks size={18} stroke={1.6} />}
        >
          User Manuals
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.auth.logout.getHref()}
          color="red"
          leftSection={<IconLogout size={18} stroke={1.6} />}
        >
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
