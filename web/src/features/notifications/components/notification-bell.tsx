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
import type { NotificationItem } from '../api/get-notifications';
import { markAllNotificationsRead, markNotificationRead } from '../api/mark-read';

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
  const { data, error, mutate } = useNotifications();
  const items = data?.pageData ?? [];
  const unread = data?.unreadCount ?? 0;
  // Reading marks it read on the server, then the bell reloads; a failure leaves it unread.
  const open = (item: NotificationItem) => {
    if (!item.is_opened)
      void markNotificationRead(item.id).then(
        () => mutate(),
        () => undefined,
      );
  };
  const openAll = () =>
    void markAllNotificationsRead().then(
      () => mutate(),
      () => undefined,
    );
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
            <Group gap="xs">
              <Badge variant="light" color="red">
                {unread} unread
              </Badge>
              <Anchor component="button" type="button" fz="xs" onClick={openAll}>
                Mark all read
              </Anchor>
            </Group>
          )}
        </Group>
        <Divider />
        {items.length > 0 ? (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0}>
              {items.map((item) => (
                <Box
                  key={item.id}
                  px="md"
                  py="sm"
                  bg={item.is_opened ? undefined : 'storm.0'}
                  onClick={() => open(item)}
                  data-testid="notification-item"
                >
                  <Text fz="sm" fw={item.is_opened ? 400 : 600}>
                    <NotificationTitle title={item.title} link={item.link} />
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
              {error ? 'Notifications are not available' : 'You are all caught up'}
            </Text>
            <Text fz="xs" c="dimmed">
              {error
                ? 'The notifications could not be loaded. They will be retried on the next page load.'
                : 'New inspections, findings and signatures will show up here.'}
            </Text>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
