import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/format';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useNotifications } from '../api/get-notifications';

/** A notification's link is followed only inside the app or to a web page, never as a script URL. */
function NotificationTitle({ title, link }: { title: string; link: string | null | undefined }) {
  const inside = safeRedirect(link);
  if (inside) {
    return (
      <Anchor component={Link} to={inside} fz="sm" inherit>
        {title}
      </Anchor>
    );
  }
  if (link && /^https?:\/\//i.test(link)) {
    return (
      <Anchor href={link} target="_blank" rel="noopener noreferrer" fz="sm" inherit>
        {title}
      </Anchor>
    );
  }
  return <>{title}</>;
}

/** The top bar's bell with the unread count (spec 001 §2). A failing call shows the bell without a badge. */
export function NotificationBell() {
  const { data, error } = useNotifications();
  const unread = data?.filter((item) => !item.is_opened).length ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <Popover position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator
          disabled={unread === 0}
          label={unread > 99 ? '99+' : unread}
          size={18}
          offset={6}
          color="red"
          withBorder
          data-testid="notification-indicator"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            radius="xl"
            aria-label={label}
            data-testid="notification-bell"
          >
            <IconBell size={22} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>Notifications</Text>
          {unread > 0 && (
            <Badge variant="light" color="red">
              {unread} unread
            </Badge>
          )}
        </Group>
        <Divider />
        {data && data.length > 0 ? (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0}>
              {data.slice(0, 20).map((item) => (
                <Box key={item.id} px="md" py="sm" bg={item.is_opened ? undefined : 'storm.0'}>
                  <Text fz="sm" fw={item.is_opened ? 400 : 600}>
                    <NotificationTitle title={item.title ?? 'Notification'} link={item.link} />
                  </Text>
                  {item.content && (
                    <Text fz="xs" c="dimmed" lineClamp={2}>
                      {item.content}
                    </Text>
                  )}
                  {item.date && (
                    <Text fz="xs" c="dimmed">
                      {formatDate(item.date)}
                    </Text>
                  )}
                </Box>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Stack align="center" gap={6} p="lg" ta="center">
            <ThemeIcon variant="light" color="gray" radius="xl" size={40}>
              <IconBellOff size={20} />
            </ThemeIcon>
            <Text fz="sm" fw={500}>
              {error ? 'Notifications are not available yet' : 'You are all caught up'}
            </Text>
            <Text fz="xs" c="dimmed">
              {error
                ? 'In-app notifications arrive with the notifications work.'
                : 'New inspections, findings and signatures will show up here.'}
            </Text>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
