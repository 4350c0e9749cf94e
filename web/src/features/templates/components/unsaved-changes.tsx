import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Spec 002 §8: the dialog shown before unsaved changes would be lost. */
export const UNSAVED_TITLE = 'You have unsaved changes';
export const UNSAVED_TEXT = 'You have some unsaved changes. Are you sure you want to exit?';

interface UnsavedChanges {
  /** Marks one form of the page as holding edits not yet saved (or no longer). */
  mark: (form: string, dirty: boolean) => void;
  /**
   * Runs `leave` at once when nothing is unsaved; otherwise asks first, and runs it only on Leave.
   * `dirtyNow`: the caller's own form holds edits this instant (its mark may be a render behind).
   */
  confirmLeave: (leave: () => void, dirtyNow?: boolean) => void;
}

const Context = createContext<UnsavedChanges>({ mark: () => undefined, confirmLeave: (leave) => leave() });

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
 * The template editor's guard for edits not yet saved (spec 002 §8 "Unsaved changes"). The router
 * is declarative (docs/decisions/0012), so there is no useBlocker: while a form is dirty, a click
 * on any link of the app (the navigation, the breadcrumbs) is held and the dialog asks first;
 * closing or reloading the tab gets the browser's own question (beforeunload); tabs and dialogs of
 * the editor ask through confirmLeave.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirty = dirtyForms.size > 0;
  const dirtyRef = useRef(dirty);
  // Read by confirmLeave in event handlers; set after render, as React wants refs written.
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const mark = useCallback((form: string, isDirty: boolean) => {
    setDirtyForms((forms) => {
      if (forms.has(form) === isDirty) return forms;
      const next = new Set(forms);
      if (isDirty) next.add(form);
      else next.delete(form);
      return next;
    });
  }, []);

  const confirmLeave = useCallback((leave: () => void, dirtyNow = false) => {
    if (dirtyNow || dirtyRef.current) setPending(() => leave);
    else leave();
  }, []);

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

  const value = useMemo(() => ({ mark, confirmLeave }), [mark, confirmLeave]);
  return (
    <Context.Provider value={value}>
      {children}
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={UNSAVED_TITLE}
        radius="lg"
        // Above the editor's own dialogs (Mantine's modals sit at 200), whose closing it asks about.
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
                setDirtyForms(new Set());
                leave?.();
              }}
            >
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Context.Provider>
  );
}

/** Reports whether `form` holds unsaved edits; its mark is cleared when the form goes away. */
export function useUnsavedMark(form: string, dirty: boolean): void {
  const { mark } = useContext(Context);
  useEffect(() => {
    mark(form, dirty);
  }, [mark, form, dirty]);
  useEffect(() => () => mark(form, false), [mark, form]);
}

/** confirmLeave of the editor around: asks before an action that would drop unsaved edits. */
export function useConfirmLeave(): UnsavedChanges['confirmLeave'] {
  return useContext(Context).confirmLeave;
}
