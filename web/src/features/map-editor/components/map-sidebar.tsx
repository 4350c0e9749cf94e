import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { DATA_SOURCES, type PositionableType } from '@stormline/domain/map-features';
import type { DraftFeature } from '../lib/pending-edits';
import { TOOL_LABELS } from '../lib/shapes';

export interface SidebarActions {
  /** Add of a type: undefined when it may not be added here; a string says why it is disabled. */
  add: (type: PositionableType) => (() => void) | string | undefined;
  locate: (feature: DraftFeature) => void;
  /** Items of a feature's edit/delete menu (Move/Edit, Edit…, Remove from Map, Revert…). */
  menu: (feature: DraftFeature) => { label: string; onSelect: () => void; color?: string }[];
}

/**
 * Spec 002 §2 sidebar: the features on the map by type, in the data-source order of §9 (findings,
 * control measures, pollutants, notes), each type with search and Add, each item with its menu.
 */
export function MapSidebar({
  features,
  pendingKeys,
  selectedKey,
  actions,
}: {
  features: readonly DraftFeature[];
  pendingKeys: ReadonlySet<string>;
  selectedKey: string | null;
  actions: SidebarActions;
}) {
  return (
    <Stack gap="md" data-testid="map-sidebar">
      {[...DATA_SOURCES]
        .sort((a, b) => a.order - b.order)
        .map((source) => (
          <SourceSection
            key={source.type}
            type={source.type}
            label={source.label}
            features={features.filter((feature) => feature.positionable_type === source.type)}
            pendingKeys={pendingKeys}
            selectedKey={selectedKey}
            actions={actions}
          />
        ))}
    </Stack>
  );
}

function SourceSection({
  type,
  label,
  features,
  pendingKeys,
  selectedKey,
  actions,
}: {
  type: PositionableType;
  label: string;
  features: readonly DraftFeature[];
  pendingKeys: ReadonlySet<string>;
  selectedKey: string | null;
  actions: SidebarActions;
}) {
  const [search, setSearch] = useState('');
  const add = actions.add(type);
  const shown = features.filter((feature) =>
    feature.source.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const headingId = `map-sidebar-${type}`;
  // Items of the same name (three 'Stabilized Construction Entrance') get a second line telling
  // them apart: the shape, and which of them in the list's order.
  const sameName = (feature: DraftFeature) =>
    features.filter((other) => other.source.name === feature.source.name);
  const secondLine = (feature: DraftFeature): string | null => {
    const same = sameName(feature);
    if (same.length < 2) return null;
    return `${TOOL_LABELS[feature.geometry.type]}, ${same.indexOf(feature) + 1} of ${same.length}`;
  };
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Title order={2} fz="md" id={headingId}>
          {label}{' '}
          <Text span c="dimmed" fz="sm">
            ({features.length})
          </Text>
        </Title>
        {add !== undefined && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={typeof add === 'string'}
            title={typeof add === 'string' ? add : undefined}
            aria-label={`Add ${type === 'commentables' ? 'Notes' : label.replace(/s$/, '')}`}
            onClick={typeof add === 'function' ? add : undefined}
            mih={28}
          >
            Add
          </Button>
        )}
      </Group>
      {features.length > 3 && (
        <TextInput
          size="xs"
          mb={4}
          aria-label={`Search ${label}`}
          placeholder={`Search ${label.toLowerCase()}`}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      {shown.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {features.length === 0 ? 'No available items' : 'Nothing matches'}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((feature) => {
            const second = secondLine(feature);
            return (
              <Group
                key={feature.key}
                component="li"
                gap={4}
                wrap="nowrap"
                justify="space-between"
                bg={feature.key === selectedKey ? 'var(--mantine-color-blue-light)' : undefined}
                style={{ borderRadius: 6 }}
              >
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <UnstyledButton
                    className="map-tap"
                    px={6}
                    py={6}
                    w="100%"
                    // Locate only: a dialog over the map would hide the highlight. The detail opens
                    // from the feature on the map and from the row's menu (Details).
                    onClick={() => actions.locate(feature)}
                    aria-label={`Locate ${feature.source.name}${second ? ` (${second})` : ''} on the map`}
                  >
                    <Text fz="sm" truncate>
                      {feature.source.name}
                    </Text>
                  </UnstyledButton>
                  {/* Beside the button, not in it: its visible text stays its name's (axe). */}
                  {second && (
                    <Text fz="xs" c="dimmed" px={6} mt={-6} pb={4} truncate aria-hidden>
                      {second}
                    </Text>
                  )}
                </Box>
                {pendingKeys.has(feature.key) && (
                  <Badge size="xs" color="orange" variant="light">
                    unsaved
                  </Badge>
                )}
                <ItemMenu feature={feature} actions={actions} />
              </Group>
            );
          })}
        </Stack>
      )}
    </section>
  );
}

function ItemMenu({ feature, actions }: { feature: DraftFeature; actions: SidebarActions }) {
  const items = actions.menu(feature);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size={32} aria-label={`Actions for ${feature.source.name}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown className="map-touch">
        <Menu.Item onClick={() => actions.locate(feature)}>Locate on the map</Menu.Item>
        {items.map((item) => (
          <Menu.Item key={item.label} color={item.color} onClick={item.onSelect}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
