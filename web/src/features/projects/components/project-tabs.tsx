import { LinkTabs } from '../../../components/link-tabs';

/** Spec 002 §2 Project detail tabs, by path segment. */
export const PROJECT_TABS = [
  { value: 'inspections', label: 'All Inspections' },
  { value: 'project-docs', label: 'Project Documents' },
  { value: 'bmp-docs', label: 'BMP Details' },
  { value: 'active-site-map', label: 'Active Site Map' },
  { value: 'contacts', label: 'Contacts' },
  { value: 'findings', label: 'Findings' },
  { value: 'log', label: 'Log' },
] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number]['value'];

/** The project's tabs as links (each its own URL); on a phone they wrap, never scroll sideways. */
export function ProjectTabs({
  active,
  visible,
  hrefOf,
}: {
  active: ProjectTab;
  visible: readonly ProjectTab[];
  hrefOf: (tab: ProjectTab) => string;
}) {
  return (
    <LinkTabs
      label="Project"
      active={active}
      tabs={PROJECT_TABS.filter((t) => visible.includes(t.value))}
      hrefOf={hrefOf}
    />
  );
}
