import { useRef } from 'react';
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
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconBellOff, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useToken } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useNotifications } from '../api/get-notifications';
import type { NotificationItem } from '../api/get-notifications';
import { useLiveNotifications } from '../api/live-notifications';
import { useMarkRead } from '../api/mark-read';
import { bellItems, useOlderNotifications, type OlderNotifications } from '../api/older-notifications';
import classes from './notification-bell.module.css';

/**
 * One notification, as the control it is: a link when it has one (followed only inside the app or
 * to a web page, never as a script URL), otherwise a button that marks it read. Either way the
 * keyboard reaches it and Enter opens it.
 */
function NotificationEntry({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const inside = safeRedirect(item.link);
  const outside = !inside && item.link && /^https?:\/\//i.test(item.link) ? item.link : null;
  const body = (
    <>
      <Text component="span" display="block" fz="sm" fw={item.is_opened ? 400 : 600}>
        {!item.is_opened && <VisuallyHidden>Unread: </VisuallyHidden>}
        {item.title}
        {outside && (
          <>
            <IconExternalLink size={14} className={classes.external} aria-hidden="true" />
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </>
        )}
      </Text>
      {item.content && (
        <Text component="span" fz="xs" c="dimmed" lineClamp={2}>
          {item.content}
        </Text>
      )}
      {item.date && (
        <Text component="span" display="block" fz="xs" c="dimmed">
          {formatDate(item.date)}
        </Text>
      )}
    </>
  );
  const shared = {
    className: classes.item,
    px: 'md',
    py: 'sm',
    'data-unread': !item.is_opened || undefined,
    'data-testid': 'notification-item',
  } as const;

  if (inside)
    return (
      <UnstyledButton component={Link} to={inside} onClick={onOpen} {...shared}>
        {body}
      </UnstyledButton>
    );
  if (outside)
    return (
      <UnstyledButton
        component="a"
        href={outside}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onOpen}
        {...shared}
      >
        {body}
      </UnstyledButton>
    );
  return (
    <UnstyledButton onClick={onOpen} {...shared}>
      {body}
    </UnstyledButton>
  );
}

/**
 * "Show older notifications". Once pressed it stays where it is, so keyboard focus is not lost:
 * aria-disabled while a page loads and once there are no more; what happened is announced.
 */
function OlderControl({
  older,
  hasMore,
  onLoad,
}: {
  older: OlderNotifications | null;
  hasMore: boolean;
  onLoad: () => void;
}) {
  if (!hasMore && !older) return null;
  const loading = older?.status === 'loading';
  const label = loading
    ? 'Loading…'
    : !hasMore
      ? 'No older notifications'
      : older?.status === 'failed'
        ? 'Could not load; try again'
        : 'Show older notifications';
  const announced =
    older?.status === 'failed'
      ? 'The older notifications could not be loaded.'
      : older?.status === 'idle'
        ? `${older.added} older notification${older.added === 1 ? '' : 's'} shown.`
        : '';
  return (
    <Group justify="center" py="xs">
      <Anchor
        component="button"
        type="button"
        fz="xs"
        c={loading || !hasMore ? 'dimmed' : undefined}
        aria-disabled={loading || !hasMore || undefined}
        onClick={() => {
          if (!loading && hasMore) onLoad();
        }}
      >
        {label}
      </Anchor>
      <VisuallyHidden role="status">{announced}</VisuallyHidden>
    </Group>
  );
}

/** The top bar's bell with the unread count (spec 001 §2). A failing call shows the bell without a badge. */
export function NotificationBell() {
  const { data, error } = useNotifications();
  useLiveNotifications(useToken());
  const { markRead } = useMarkRead();
  const { older, hasMore, loadOlder, showRead, forget } = useOlderNotifications(data);
  const [opened, { close, toggle }] = useDisclosure(false, { onClose: forget });
  const firstPage = data?.pageData ?? [];
  const items = bellItems(firstPage, older);
  const unread = data?.unreadCount ?? 0;
  // Marking read shows at once and goes back if the server refuses (useMarkRead for the first
  // page, showRead for the older ones). A link leaves the page, so the panel closes behind it.
  const open = (item: NotificationItem) => {
    if (item.link) close();
    if (item.is_opened) return;
    const offPage = !firstPage.some((first) => first.id === item.id);
    showRead([item.id], true);
    void markRead(item.id, { offPage }).catch(() => showRead([item.id], false));
  };
  const heading = useRef<HTMLParagraphElement>(null);
  const openAll = () => {
    // The button goes with the last unread one: focus stays in the panel, on its heading, instead
    // of falling out of the bell to the page.
    heading.current?.focus();
    const unreadOlder = (older?.items ?? []).filter((item) => !item.is_opened).map((item) => item.id);
    showRead(unreadOlder, true);
    void markRead(null).catch(() => showRead(unreadOlder, false));
  };
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    // Focus moves into the panel when it opens (Tab stays inside it) and back to the bell when it closes.
    <Popover
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
      opened={opened}
      onChange={(next) => {
        if (!next) close();
      }}
      trapFocus
      returnFocus
    >
      {/* The indicator wraps the target, so the popover's aria-expanded lands on the button itself. */}
      <Indicator
        disabled={unread === 0}
        label={unread > 99 ? '99+' : unread}
        size={18}
        offset={6}
        color="red"
        withBorder
        data-testid="notification-indicator"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            radius="xl"
            aria-label={label}
            data-testid="notification-bell"
            onClick={toggle}
          >
            <IconBell size={22} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600} ref={heading} tabIndex={-1} className={classes.heading}>
            Notifications
          </Text>
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
            <Box component="ul" className={classes.list}>
              {items.map((item) => (
                <li key={item.id}>
                  <NotificationEntry item={item} onOpen={() => open(item)} />
                </li>
              ))}
            </Box>
            <OlderControl older={older} hasMore={hasMore} onLoad={() => void loadOlder()} />
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
