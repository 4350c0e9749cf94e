import { useState } from 'react';
import { Button, Checkbox, Drawer, Group, Stack, Text } from '@mantine/core';
import { DEFAULT_WIDGETS, type WidgetName, type WidgetSetting } from '@stormline/domain/dashboard-rules';

/**
 * The Widgets Setting drawer (spec 000 §2): a checkbox per widget and Save. Widgets kept stay in
 * their place and size; one switched on joins the end at its default size.
 */
export function WidgetsSettingDrawer({
  opened,
  widgets,
  available,
  onClose,
  onSave,
}: {
  opened: boolean;
  widgets: readonly WidgetSetting[];
  available: readonly WidgetName[];
  onClose: () => void;
  onSave: (widgets: WidgetSetting[]) => Promise<void>;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Widgets Setting" position="right" size="sm">
      {opened && <WidgetChoices widgets={widgets} available={available} onClose={onClose} onSave={onSave} />}
    </Drawer>
  );
}

function WidgetChoices({
  widgets,
  available,
  onClose,
  onSave,
}: {
  widgets: readonly WidgetSetting[];
  available: readonly WidgetName[];
  onClose: () => void;
  onSave: (widgets: WidgetSetting[]) => Promise<void>;
}) {
  const [on, setOn] = useState<string[]>(widgets.map((w) => w.name));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const kept = widgets.filter((w) => on.includes(w.name));
    const added = DEFAULT_WIDGETS.filter((w) => on.includes(w.name) && !kept.some((k) => k.name === w.name));
    setBusy(true);
    try {
      await onSave([...kept, ...added]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        Choose the widgets your dashboard shows.
      </Text>
      <Checkbox.Group value={on} onChange={setOn} aria-label="Widgets">
        <Stack gap="sm">
          {available.map((name) => (
            <Checkbox key={name} value={name} label={name} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={busy} onClick={save}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
