import { useMemo, useState } from 'react';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/errors';
import { LIST_SEARCH_DELAY_MS } from '../../../lib/list/server-list';
import { CLIENT_SEARCH_MIN, useUserClientOptions, type ClientOption } from '../api/user-client-options';

/** Spec 001 §8's empty text for a picker with nothing to offer. */
export const NO_AVAILABLE_ITEMS = 'No available items';
export const TYPE_TO_SEARCH = `Type at least ${CLIENT_SEARCH_MIN} characters to search clients`;

interface ClientPickerProps {
  divisionId: string;
  userId: string;
  /** Clients already in the table (saved or not): never offered again. */
  assignedIds: readonly string[];
  onSave: (chosen: ClientOption[]) => void;
}

/**
 * Spec 001 §2 and §5, 'Add Clients' with 'Save Client': the server offers the division's clients
 * the user does not have, by name from 2 characters and by project name from 3 (the option then
 * names the projects that matched). Choices survive new searches; 'Save Client' puts them in the
 * table, to be saved with the page.
 */
export function ClientPicker({ divisionId, userId, assignedIds, onSave }: ClientPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), LIST_SEARCH_DELAY_MS);
  const [chosen, setChosen] = useState<ClientOption[]>([]);
  const { data, error, isLoading } = useUserClientOptions(divisionId, userId, debounced);

  const offered = useMemo(() => {
    if (debounced.length < CLIENT_SEARCH_MIN) return [];
    return (data ?? []).filter((option) => !assignedIds.includes(option.id));
  }, [data, debounced, assignedIds]);
  const known = new Map([...offered, ...chosen].map((option) => [option.id, option]));
  const selectData = [...known.values()].map((option) => ({ value: option.id, label: option.name }));

  const searching = search.trim().length >= CLIENT_SEARCH_MIN && (isLoading || search.trim() !== debounced);
  const nothingFound =
    search.trim().length < CLIENT_SEARCH_MIN
      ? TYPE_TO_SEARCH
      : searching
        ? 'Searching…'
        : error
          ? errorMessage(error)
          : NO_AVAILABLE_ITEMS;

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label="Add Clients"
          placeholder={chosen.length ? undefined : 'Search clients or projects'}
          searchable
          hidePickedOptions
          clearSearchOnChange={false}
          searchValue={search}
          onSearchChange={setSearch}
          // The server has filtered: show what it answered.
          filter={({ options }) => options}
          data={selectData}
          value={chosen.map((option) => option.id)}
          onChange={(ids) => setChosen(ids.map((id) => known.get(id)!).filter(Boolean))}
          nothingFoundMessage={nothingFound}
          loading={searching}
          renderOption={({ option }) => {
            const projects = known.get(option.value)?.projects ?? [];
            return (
              <div>
                <Text fz="sm">{option.label}</Text>
                {projects.length > 0 && (
                  <Text fz="xs" c="dimmed">
                    with {projects.length === 1 ? 'project' : 'projects'}{' '}
                    {projects.map((p) => p.name).join(', ')}
                  </Text>
                )}
              </div>
            );
          }}
          style={{ flex: '1 1 260px', minWidth: 0 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          type="button"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={chosen.length === 0}
          onClick={() => {
            onSave(chosen);
            setChosen([]);
            setSearch('');
          }}
        >
          Save Client
        </Button>
      </Group>
    </Stack>
  );
}
