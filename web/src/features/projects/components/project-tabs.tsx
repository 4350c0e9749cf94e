import { Link } from 'react-router-dom';
import { ScrollArea, Tabs } from '@mantine/core';

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

/** The tabs as links (each its own URL), scrolling sideways on a phone rather than wrapping. */
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
    <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
      <Tabs value={active} variant="outline" radius="md" keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
          {PROJECT_TABS.filter((t) => visible.includes(t.value)).map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              renderRoot={(props) => <Link {...props} to={hrefOf(t.value)} />}
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}
