import { useState } from 'react';
import {
  Box,
  Button,
  Divider,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { clampMapSymbol, completeMapSymbol, type MapSymbol } from '@stormline/domain/map-symbol';
import { SymbolEditor } from '../../../components/map-symbol/symbol-editor';
import { SymbolPreview } from '../../../components/map-symbol/symbol-preview';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import {
  useDivisionLegendItems,
  useProjectLegendItems,
  type LegendType,
  type ProjectLegendItem,
  type ProjectLegendItemInput,
} from '../api/map-calls';
import type { Feature } from '../lib/pending-edits';

export type Source = Feature['source'];

const TYPE_LABEL: Record<LegendType, string> = { control_measure: 'control measure', pollutant: 'pollutant' };

/**
 * A project's own legend item (spec 002 §3 legend item as used on maps): its name, its type and
 * its map symbol, in the Map Legend's own symbol editor (the type's defaults to start from).
 */
export function LegendItemForm({
  type,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  type: LegendType;
  initial?: ProjectLegendItem;
  submitLabel: string;
  onSubmit: (input: ProjectLegendItemInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [symbol, setSymbol] = useState<MapSymbol>(
    initial ? clampMapSymbol(initial.map_symbol) : completeMapSymbol(type, null),
  );
  const [issue, setIssue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim()) return setIssue('Name is required');
    setIssue(null);
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name: name.trim(), type, map_symbol: symbol });
    } catch (failure) {
      setError(errorMessage(failure, 'Unknown Error'));
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          withAsterisk
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.currentTarget.value)}
          error={issue}
          data-autofocus
        />
        <SymbolEditor value={symbol} onChange={setSymbol} />
        {error && <ServerError>{error}</ServerError>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Add Control Measure / Add Pollutant: pick an item of the division's Map Legend or of the
 * project's own, or make a new one for the project, then draw it.
 */
export function LegendPicker({
  divisionId,
  projectId,
  type,
  canCreate,
  onPicked,
  onCreate,
  onCancel,
}: {
  divisionId: string;
  projectId: string;
  type: LegendType;
  canCreate: boolean;
  onPicked: (source: Source) => void;
  onCreate: (input: ProjectLegendItemInput) => Promise<Source>;
  onCancel: () => void;
}) {
  const division = useDivisionLegendItems(divisionId, type);
  const project = useProjectLegendItems(divisionId, projectId, type);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  if (creating)
    return (
      <LegendItemForm
        type={type}
        submitLabel={`Create ${TYPE_LABEL[type]}`}
        onSubmit={async (input) => onPicked(await onCreate(input))}
        onCancel={() => setCreating(false)}
      />
    );
  const match = (name: string) => name.toLowerCase().includes(search.trim().toLowerCase());
  const rows = [
    ...(project.data ?? [])
      .filter((item) => match(item.name))
      .map((item) => ({ item, scope: 'project' as const })),
    ...(division.data ?? [])
      .filter((item) => match(item.name))
      .map((item) => ({ item, scope: 'division' as const })),
  ];
  const failure = division.error ?? project.error;
  return (
    <Stack>
      <TextInput
        label={`Search ${TYPE_LABEL[type]}s`}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {failure ? (
        <ServerError>{errorMessage(failure)}</ServerError>
      ) : !division.data || !project.data ? (
        <Loader size="sm" aria-label="Loading the legend items" />
      ) : rows.length === 0 ? (
        <Text fz="sm">No available items</Text>
      ) : (
        <ScrollArea.Autosize mah={320}>
          <Stack gap={2} role="list" aria-label={`Legend items to place`}>
            {rows.map(({ item, scope }) => (
              <UnstyledButton
                key={`${scope}-${item.id}`}
                role="listitem"
                px="sm"
                py={8}
                className="map-menu-item"
                style={{ borderRadius: 6 }}
                onClick={() =>
                  onPicked({
                    id: item.id,
                    name: item.name,
                    color: null,
                    map_symbol: item.map_symbol,
                    scope,
                    detail: null,
                    deleted: false,
                  })
                }
              >
                <Group gap="sm" wrap="nowrap">
                  {/* The symbol as the map draws it, beside its name (the name says what it is). */}
                  <Box aria-hidden data-testid="legend-swatch" style={{ flexShrink: 0, lineHeight: 0 }}>
                    <SymbolPreview symbol={item.map_symbol} width={44} height={24} />
                  </Box>
                  <div style={{ minWidth: 0 }}>
                    <Text fz="sm">{item.name}</Text>
                    <Text fz="xs" c="dimmed">
                      {scope === 'project' ? 'This project' : 'Map Legend'}
                    </Text>
                  </div>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Divider />
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {canCreate ? (
          // Its long label wraps on a phone instead of being cut off.
          <Button
            variant="light"
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            onClick={() => setCreating(true)}
          >
            New {TYPE_LABEL[type]} for this project
          </Button>
        ) : (
          <span />
        )}
        <Button variant="default" onClick={onCancel} style={{ flexShrink: 0 }}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
