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
import { useLeaveGuard } from '../../../components/leave-guard';

export { UNSAVED_TEXT, UNSAVED_TITLE } from '../../../components/leave-guard';

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

/**
 * The template editor's guard for edits not yet saved (spec 002 §8 "Unsaved changes"): the shared
 * leave guard (components/leave-guard.tsx) while any of its forms is dirty; tabs and dialogs of the
 * editor ask through confirmLeave.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const dirty = dirtyForms.size > 0;
  const { ask, dialog } = useLeaveGuard(dirty, () => setDirtyForms(new Set()));
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

  const confirmLeave = useCallback(
    (leave: () => void, dirtyNow = false) => {
      if (dirtyNow || dirtyRef.current) ask(leave);
      else leave();
    },
    [ask],
  );

  const value = useMemo(() => ({ mark, confirmLeave }), [mark, confirmLeave]);
  return (
    <Context.Provider value={value}>
      {children}
      {dialog}
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
