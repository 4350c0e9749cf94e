import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Spec 002 §8: the dialog shown before unsaved changes would be lost. */
export const UNSAVED_TITLE = 'You have unsaved changes';
export const UNSAVED_TEXT = 'You have some unsaved changes. Are you sure you want to exit?';

/** A link the page would follow inside the app (not a new tab, a download or another site). */
function internalHref(event: MouseEvent): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download'))
    return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const href = `${url.pathname}${url.search}${url.hash}`;
  return href === `${window.location.pathname}${window.location.search}${window.location.hash}` ? null : href;
}

/**
 * The guard of a screen holding edits not yet saved (spec 002 §8 "Unsaved changes"), shared by the
 * template editor and the map editor. The router is declarative (docs/decisions/0012), so there is
 * no useBlocker: while `dirty`, a click on any link of the app is held and the dialog asks first,
 * and closing or reloading the tab gets the browser's own question (beforeunload). `ask(leave)`
 * puts the dialog up for any other way out (Close, a tab, a dialog); Leave runs `onLeave` (the
 * caller forgets its edits) and then `leave`.
 */
export function useLeaveGuard(
  dirty: boolean,
  onLeave?: () => void,
): { ask: (leave: () => void) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const [pending, setPending] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const href = internalHref(event);
      if (!href) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => void navigate(href));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture: the dialog must ask before the router's own link handler navigates.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, navigate]);
  const ask = useCallback((leave: () => void) => setPending(() => leave), []);
  const dialog = (
    <Modal
      opened={pending !== null}
      onClose={() => setPending(null)}
      title={UNSAVED_TITLE}
      radius="lg"
      // Above the editors' own dialogs (Mantine's modals sit at 200), whose closing it asks about.
      zIndex={300}
    >
      <Stack gap="md">
        <Text fz="sm">{UNSAVED_TEXT}</Text>
        <Text fz="sm" c="dimmed">
          The changes you have not saved will be lost.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setPending(null)} data-autofocus>
            Stay
          </Button>
          <Button
            color="red"
            onClick={() => {
              const leave = pending;
              setPending(null);
              onLeave?.();
              leave?.();
            }}
          >
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask, dialog };
}
