import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconPencil, IconTrash, type TablerIcon } from '@tabler/icons-react';
import { errorMessage } from '../lib/errors';
import { PageHeader, type Crumb } from './page-header';
import classes from './tab-screen.module.css';

export interface ScreenTab<Value extends string> {
  value: Value;
  label: string;
  icon: TablerIcon;
}

/**
 * A record's own page with tabs (a division, a regulation group): the trail and the record's name
 * with Edit and Delete where the user may, a card of facts, and the tabs, one panel shown at a
 * time. The record's dialogs come as children. On a phone the tabs wrap into rows 44 px tall, so
 * every one is on screen without sideways scrolling (docs/decisions/0024).
 */
export function TabScreen<Value extends string>({
  crumbs,
  name,
  loading,
  noun,
  error,
  onEdit,
  onDelete,
  facts,
  tabs,
  activeTab,
  onTabChange,
  tabsLabel,
  panelPadding,
  renderPanel,
  children,
}: {
  crumbs: Crumb[];
  /** The record's name once read. */
  name: string | undefined;
  loading: boolean;
  /** What the record is, as its title says before it is read and its error names it: 'Division'. */
  noun: string;
  error: unknown;
  /** Given only where the user may edit (delete) the record. */
  onEdit?: () => void;
  onDelete?: () => void;
  /** The facts card: each a dimmed label above its value. */
  facts: { label: string; value: ReactNode }[];
  tabs: readonly ScreenTab<Value>[];
  activeTab: Value;
  onTabChange: (value: Value) => void;
  tabsLabel?: string;
  panelPadding?: string;
  renderPanel: (value: Value) => ReactNode;
  children?: ReactNode;
}) {
  const loaded = name !== undefined;
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title={
          loaded ? (
            <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
          ) : loading ? (
            <Skeleton h={30} w={220} />
          ) : (
            noun
          )
        }
        actions={
          loaded && (
            <>
              {onEdit && (
                <Button variant="default" leftSection={<IconPencil size={18} />} onClick={onEdit}>
                  Edit
                </Button>
              )}
              {onDelete && (
                <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={onDelete}>
                  Delete
                </Button>
              )}
            </>
          )
        }
      />
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={`This ${noun.toLowerCase()} could not be loaded`}
          role="alert"
        >
          {errorMessage(error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <Paper p="lg" radius="lg">
            <Group gap="xl">
              {facts.map((fact) => (
                <div key={fact.label}>
                  <Text fz="xs" c="dimmed">
                    {fact.label}
                  </Text>
                  {fact.value}
                </div>
              ))}
            </Group>
          </Paper>
          <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
            <Tabs
              value={activeTab}
              keepMounted={false}
              onChange={(value) => value && onTabChange(value as Value)}
              classNames={{ list: classes.list, tab: classes.tab }}
            >
              <Tabs.List px="md" pt="xs" aria-label={tabsLabel}>
                {tabs.map(({ value, label, icon: TabIcon }) => (
                  <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} stroke={1.6} />}>
                    {label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {tabs.map(({ value }) => (
                <Tabs.Panel key={value} value={value} p={panelPadding}>
                  {renderPanel(value)}
                </Tabs.Panel>
              ))}
            </Tabs>
          </Paper>
        </Stack>
      )}
      {children}
    </>
  );
}
