import { useEffect, useRef } from 'react';
import { Paper, Stack, Text, UnstyledButton } from '@mantine/core';

/** Spec 002 §2: clicks within 0.5 s of the menu opening are ignored (the long press's own release). */
export const MENU_GUARD_MS = 500;

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Why it is disabled, read with it. */
  reason?: string;
}

/**
 * The map's context menu (right-click, long press): Add Finding, Add Control Measure, Add Pollutant,
 * Add Notes on the map; Move/Edit and Remove from Map on a feature. A menu of buttons, focused when
 * it opens, closed with Escape or a click elsewhere.
 */
export function ContextMenu({
  at,
  items,
  label,
  onClose,
  now = () => Date.now(),
}: {
  at: { x: number; y: number };
  items: MenuItem[];
  label: string;
  onClose: () => void;
  now?: () => number;
}) {
  const openedAt = useRef(now());
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    openedAt.current = now();
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [at, now, onClose]);

  const tooSoon = () => now() - openedAt.current < MENU_GUARD_MS;
  return (
    <Paper
      shadow="md"
      withBorder
      radius="md"
      p={4}
      role="menu"
      aria-label={label}
      data-testid="map-context-menu"
      style={{ position: 'absolute', left: at.x, top: at.y, zIndex: 1000, minWidth: 190 }}
      onContextMenu={(event) => event.preventDefault()}
    >
      <Stack gap={0}>
        {items.map((item, index) => (
          <UnstyledButton
            key={item.label}
            ref={index === 0 ? first : undefined}
            role="menuitem"
            disabled={item.disabled}
            aria-disabled={item.disabled || undefined}
            title={item.reason}
            px="sm"
            py={8}
            fz="sm"
            style={{ borderRadius: 6, opacity: item.disabled ? 0.5 : 1 }}
            className="map-menu-item"
            onClick={() => {
              if (item.disabled || tooSoon()) return;
              onClose();
              item.onSelect();
            }}
          >
            {item.label}
            {item.disabled && item.reason && (
              <Text component="span" display="block" fz="xs" c="dimmed">
                {item.reason}
              </Text>
            )}
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}
