import type { EditorTabProps } from '../api/templates';

/** Being built. */
export function QuestionsTab(_props: EditorTabProps) {
  return null;
}
