import type { EditorTabProps } from '../api/templates';

/** Being built. */
export function FindingsTab(_props: EditorTabProps) {
  return null;
}
