import type { EditorView } from '../api/templates';

/** Being built. */
export function TemplatePreview(_props: { view: EditorView }) {
  return null;
}
