import type { EditorTabProps } from '../api/templates';

/** Being built. */
export function CertificationTab(_props: EditorTabProps) {
  return null;
}
