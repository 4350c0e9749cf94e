import type { Ref } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  NativeSelect,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconChevronLeft,
  IconChevronRight,
  IconDeviceFloppy,
  IconMaximize,
  IconPlus,
  IconX,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { BASELINE } from '@stormline/domain/map-features';
import { displayDate } from '@stormline/domain/local-date';
import type { MapInspection, SiteMap } from '../api/map-calls';

export const BASELINE_LABEL = 'Before the first inspection';

/** An inspection whose map can no longer change: one wording on every screen width. */
export const VIEW_ONLY = ' (view only)';

/**
 * On a phone the selector's options are short: '#3 · 03-09-2026'. '(view only)' marks a map that can
 * no longer change, except in the public view, where every map is view only.
 */
export function shortInspectionLabel(inspection: MapInspection, publicView = false): string {
  return `#${inspection.number} · ${displayDate(inspection.date)}${inspection.editable || publicView ? '' : VIEW_ONLY}`;
}

export function inspectionLabel(inspection: MapInspection, publicView = false): string {
  return `Inspection #${inspection.number} · ${displayDate(inspection.date)}${inspection.type ? ` · ${inspection.type}` : ''}${
    inspection.editable || publicView ? '' : VIEW_ONLY
  }`;
}

function savedText(lastSaved: SiteMap['lastSaved']): string {
  if (!lastSaved) return 'Map not saved yet';
  const at = new Date(lastSaved.at);
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `Map last saved ${displayDate(lastSaved.at.slice(0, 10))} ${time}${lastSaved.by ? ` by ${lastSaved.by}` : ''}`;
}

/**
 * Spec 002 §2 header: project name, map name, the active-inspection selector (disabled while edits
 * are pending or in create mode, §4), the last-saved time (shown with update Map Drawing), Close.
 */
export function MapHeader({
  siteMap,
  inspections,
  inspectionId,
  onInspection,
  selectorDisabled,
  publicView = false,
  showLastSaved,
  compact = false,
  onClose,
}: {
  siteMap: SiteMap;
  inspections: readonly MapInspection[];
  inspectionId: string | null;
  onInspection: (id: string | null) => void;
  /** Why the selector is disabled (shown under it), or null. */
  selectorDisabled: string | null;
  publicView?: boolean;
  /** Drawing or editing on a phone: the secondary lines go, so the map keeps its height. */
  compact?: boolean;
  showLastSaved: boolean;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
      <Box style={{ flex: '1 1 14rem', minWidth: 0 }}>
        {!compact && (
          <Text fz="sm" c="dimmed" truncate data-testid="map-project-name">
            {siteMap.project.name}
          </Text>
        )}
        <Title order={1} fz={{ base: 'h4', sm: 'h3' }} style={{ overflowWrap: 'anywhere' }}>
          {siteMap.name}, page {siteMap.page}
        </Title>
        {showLastSaved && !compact && (
          <Text fz="xs" c="dimmed" data-testid="map-last-saved">
            {savedText(siteMap.lastSaved)}
          </Text>
        )}
      </Box>
      <Group
        gap="xs"
        align="flex-end"
        wrap="nowrap"
        style={{ flex: '1 1 18rem', justifyContent: 'flex-end' }}
      >
        <NativeSelect
          label="Active inspection"
          size="sm"
          style={{ flex: '1 1 12rem', maxWidth: 320 }}
          value={inspectionId ?? BASELINE}
          disabled={selectorDisabled !== null}
          description={compact ? undefined : (selectorDisabled ?? undefined)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onInspection(value === BASELINE ? null : value);
          }}
          data={[
            ...inspections.map((inspection) => ({
              value: inspection.id,
              label: narrow
                ? shortInspectionLabel(inspection, publicView)
                : inspectionLabel(inspection, publicView),
            })),
            { value: BASELINE, label: BASELINE_LABEL },
          ]}
        />
        <Button variant="default" leftSection={<IconX size={16} />} onClick={onClose}>
          Close
        </Button>
      </Group>
    </Group>
  );
}

export interface AddChoice {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Why it is disabled, shown under it. */
  reason?: string;
}

/**
 * Spec 002 §2 toolbar: previous and next map, Cancel, Save, Undo; with them the keyboard's way to
 * the context menu's Add items and Fit to screen.
 */
export function MapToolbar({
  siteMap,
  onMap,
  pending,
  editable,
  saving,
  onUndo,
  onCancel,
  onSave,
  onFit,
  addChoices,
  canUndo,
  addRef,
}: {
  siteMap: SiteMap;
  onMap: (id: string) => void;
  pending: number;
  editable: boolean;
  saving: boolean;
  onUndo: () => void;
  onCancel: () => void;
  onSave: () => void;
  onFit: () => void;
  addChoices: AddChoice[];
  canUndo: boolean;
  /** The Add button: a form opened from its menu gives the focus back to it. */
  addRef?: Ref<HTMLButtonElement>;
}) {
  const previous = siteMap.previous;
  const next = siteMap.next;
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Group gap={6} justify="space-between" wrap="wrap" role="toolbar" aria-label="Map tools">
      <Group gap={6} wrap="nowrap">
        <Tooltip
          label={previous ? `Previous map: ${previous.name}, page ${previous.page}` : 'No previous map'}
        >
          <ActionIcon
            variant="default"
            size={36}
            aria-label={
              previous ? `Previous map: ${previous.name}, page ${previous.page}` : 'No previous map'
            }
            disabled={!previous}
            onClick={() => previous && onMap(previous.id)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={next ? `Next map: ${next.name}, page ${next.page}` : 'No next map'}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={next ? `Next map: ${next.name}, page ${next.page}` : 'No next map'}
            disabled={!next}
            onClick={() => next && onMap(next.id)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
        <ActionIcon variant="default" size={36} aria-label="Fit the map to the screen" onClick={onFit}>
          <IconMaximize size={18} />
        </ActionIcon>
        {editable && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button ref={addRef} variant="light" leftSection={<IconPlus size={16} />}>
                Add
              </Button>
            </Menu.Target>
            <Menu.Dropdown className="map-touch">
              {addChoices.map((choice) => (
                <Menu.Item key={choice.label} disabled={choice.disabled} onClick={choice.onSelect}>
                  {choice.label}
                  {choice.disabled && choice.reason && (
                    <Text component="span" display="block" fz="xs" c="dimmed">
                      {choice.reason}
                    </Text>
                  )}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {editable && (!narrow || pending > 0 || canUndo) && (
        // On a phone the unsaved count, then Undo, Cancel and Save on a full-width row of their own,
        // shown once there is something to undo, cancel or save (the map starts higher until then).
        <Group
          gap={6}
          wrap="wrap"
          justify="flex-end"
          style={narrow ? { width: '100%' } : undefined}
          data-testid="map-edit-actions"
        >
          {pending > 0 && (
            <Badge variant="light" color="orange" data-testid="pending-count" style={{ flexShrink: 0 }}>
              {pending} unsaved
            </Badge>
          )}
          <Group gap={6} wrap="nowrap" grow={narrow} style={narrow ? { width: '100%' } : undefined}>
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} />}
              disabled={!canUndo || saving}
              onClick={onUndo}
            >
              Undo
            </Button>
            <Button variant="default" disabled={pending === 0 || saving} onClick={onCancel}>
              Cancel
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={pending === 0}
              loading={saving}
              onClick={onSave}
            >
              Save
            </Button>
          </Group>
        </Group>
      )}
    </Group>
  );
}
