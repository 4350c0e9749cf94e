import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Title, Tooltip } from '@mantine/core';
import { IconArrowsDiagonal, IconArrowsDiagonalMinimize2, IconGripVertical } from '@tabler/icons-react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import type { WidgetName, WidgetWidth } from '@stormline/domain/dashboard-rules';

export interface WidgetChrome {
  name: WidgetName;
  width: WidgetWidth;
  /** Under 700 px every widget is full width and the size toggle is hidden (spec 000 §9). */
  narrow: boolean;
  onToggleWidth: () => void;
  dragHandle: { attributes: DraggableAttributes; listeners: DraggableSyntheticListeners } | null;
}

/** A widget's card: its drag handle, title, Show More / Show Less and the widget's own actions. */
export function WidgetFrame({
  chrome,
  actions,
  children,
}: {
  chrome: WidgetChrome;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `widget-${chrome.name.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      radius="lg"
      shadow="xs"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      h="100%"
      data-testid={`widget ${chrome.name}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" style={{ rowGap: 6 }}>
          <Group gap={4} wrap="nowrap" miw={0}>
            {chrome.dragHandle && (
              <Tooltip label="Drag to reorder" openDelay={400}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${chrome.name}`}
                  style={{ cursor: 'grab', touchAction: 'none' }}
                  {...chrome.dragHandle.attributes}
                  {...chrome.dragHandle.listeners}
                >
                  <IconGripVertical size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Title order={2} fz="md" id={headingId}>
              {chrome.name}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap" ml="auto">
            {actions}
            {!chrome.narrow && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={chrome.onToggleWidth}
                leftSection={
                  chrome.width === 6 ? (
                    <IconArrowsDiagonal size={14} />
                  ) : (
                    <IconArrowsDiagonalMinimize2 size={14} />
                  )
                }
                aria-label={`${chrome.width === 6 ? 'Show More' : 'Show Less'} of ${chrome.name}`}
              >
                {chrome.width === 6 ? 'Show More' : 'Show Less'}
              </Button>
            )}
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
