import { Alert, Button, Group, Stack, Text } from '@mantine/core';

/**
 * Both values of a field two people changed at once (lib/pending-edits' conflict), and the
 * choice between them: the one way every screen shows a conflict (docs/decisions/0030).
 */
export function ConflictChoice({
  label,
  mine,
  theirs,
  onChoose,
}: {
  label: string;
  mine: string;
  theirs: string;
  onChoose: (choice: 'mine' | 'theirs') => void;
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      mt={6}
      p="xs"
      role="group"
      aria-label={`Choose the answer to ${label}`}
    >
      <Stack gap={6}>
        <Text fz="sm">
          <Text span fw={600}>
            Yours:
          </Text>{' '}
          {mine}
        </Text>
        <Text fz="sm">
          <Text span fw={600}>
            Saved by someone else:
          </Text>{' '}
          {theirs}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => onChoose('mine')}>
            Keep mine
          </Button>
          <Button size="xs" variant="light" onClick={() => onChoose('theirs')}>
            Use theirs
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
