import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowsDiagonal, IconArrowsDiagonalMinimize2, IconGripVertical } from '@tabler/icons-react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import type { WidgetName, WidgetWidth } from '@stormline/domain/dashboard-rules';
import { useShownWhenNear } from '../../../lib/use-shown-when-near';

export interface WidgetChrome {
  name: WidgetName;
  width: WidgetWidth;
  /** Under 700 px every widget is full width and the size toggle is hidden (spec 000 §9). */
  narrow: boolean;
  onToggleWidth: () => void;
  dragHandle: { attributes: DraggableAttributes; listeners: DraggableSyntheticListeners } | null;
}

/** Holds a widget's place until its body renders: about a table's first rows. */
const BODY_PLACEHOLDER_HEIGHT = 280;

/**
 * A widget's card: its drag handle, title, Show More / Show Less and the widget's own actions. The
 * body (its filters and table) renders once the card is near the screen, focus moves into it or a
 * key is pressed: the widget's data is read at once either way (lib/use-shown-when-near).
 */
export function WidgetFrame({
  chrome,
  actions,
  children,
  waiting = false,
}: {
  chrome: WidgetChrome;
  actions?: ReactNode;
  children?: ReactNode;
  /** The widget has not mounted yet: its card with a placeholder body. */
  waiting?: boolean;
}) {
  const headingId = `widget-${chrome.name.replace(/\W+/g, '-').toLowerCase()}`;
  const [bodyRef, bodyShown, showBody] = useShownWhenNear<HTMLDivElement>(!waiting);
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
      // Tabbing into the card (its drag handle, its actions) renders its body before the next Tab.
      onFocus={waiting ? undefined : showBody}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" style={{ rowGap: 6 }}>
          <Group gap={4} wrap="nowrap" miw={0}>
            {chrome.dragHandle && (
              // A title, not a Tooltip: six floating tooltips measured the page as the board loaded.
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${chrome.name}`}
                title="Drag to reorder"
                style={{ cursor: 'grab', touchAction: 'none' }}
                {...chrome.dragHandle.attributes}
                {...chrome.dragHandle.listeners}
              >
                <IconGripVertical size={18} />
              </ActionIcon>
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
        {bodyShown && !waiting ? (
          children
        ) : (
          <Skeleton
            ref={bodyRef}
            h={BODY_PLACEHOLDER_HEIGHT}
            radius="md"
            aria-hidden
            // What it waits for: its widget's turn to mount, or its turn on screen.
            data-widget-waiting={waiting ? 'turn' : 'screen'}
          />
        )}
      </Stack>
    </Paper>
  );
}
