import { Alert, Anchor, Avatar, Badge, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/errors';
import { useUserCard, type UserCard } from '../api/get-user-card';
import { STATUS_LABELS } from './users-table';

function initialsOf(card: UserCard): string {
  const letters = `${card.first_name.charAt(0)}${card.last_name.charAt(0)}`;
  return (letters || card.email.charAt(0)).toUpperCase();
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

function CardBody({ divisionId, userId }: { divisionId: string; userId: string }) {
  const card = useUserCard(divisionId, userId);
  if (card.error)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(card.error)}
      </Alert>
    );
  if (!card.data)
    return (
      <Stack gap="sm" aria-busy data-testid="user-card-loading">
        <Skeleton h={48} circle />
        <Skeleton h={16} w="60%" />
        <Skeleton h={16} w="80%" />
      </Stack>
    );
  const user = card.data;
  const phone = user.address.phone
    ? `${user.address.phone}${user.address.phone_ext ? ` ext. ${user.address.phone_ext}` : ''}`
    : 'Not given';
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <Avatar color="harbor" radius="xl" size="lg">
          {initialsOf(user)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {user.name || user.email}
          </Text>
          <Group gap={6}>
            <Text fz="sm" c="dimmed">
              {user.roleName}
            </Text>
            <Badge variant="light" radius="sm" color={user.status === 'active' ? 'teal' : 'gray'}>
              {STATUS_LABELS[user.status]}
            </Badge>
          </Group>
        </div>
      </Group>
      <Stack component="dl" gap="sm" m={0}>
        <Field label="Email">
          <Anchor href={`mailto:${user.email}`} fz="sm" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Anchor>
        </Field>
        <Field label="Phone">{phone}</Field>
        <Field label="Position">{user.position || 'Not given'}</Field>
      </Stack>
    </Stack>
  );
}

/**
 * The view-only profile card (spec 001 §2): what a viewer who may not edit a user sees of them,
 * from GET /api/users/profile/{id}.
 */
export function UserCardModal({
  divisionId,
  userId,
  onClose,
}: {
  divisionId: string;
  userId: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={userId !== null} onClose={onClose} title="User profile" radius="lg">
      {userId && <CardBody divisionId={divisionId} userId={userId} />}
    </Modal>
  );
}
