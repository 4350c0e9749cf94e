import { useState } from 'react';
import { Button, Group, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_REPORT_CLIENTS } from '@stormline/contract/areas/divisions';
import { ApiError } from '../../../lib/api-client';
import { LIST_SEARCH_DELAY_MS } from '../../../lib/list/server-list';
import { useClientOptions, useClientsById } from '../api/get-report-clients';

/**
 * Spec 001 §2 'Client': a multi-select of the division's clients (the server searches them as
 * the name is typed), applied to the report with Save. Picking does not reload the report; Save
 * does, from page 1. A role that may not list clients sees the filter disabled and why.
 */
export function ClientFilter({
  divisionId,
  applied,
  onApply,
}: {
  divisionId: string;
  applied: readonly string[];
  onApply: (ids: string[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), LIST_SEARCH_DELAY_MS);
  const appliedKey = applied.join(',');
  const [chosen, setChosen] = useState<string[]>([...applied]);
  // The names of clients picked under an earlier search, which the options no longer hold.
  const [names, setNames] = useState<Record<string, string>>({});
  const options = useClientOptions(divisionId, debounced);
  const appliedClients = useClientsById(divisionId, applied);

  // The filter changed from outside (Back, a link, Save): the choice follows it.
  const [followed, setFollowed] = useState(appliedKey);
  if (followed !== appliedKey) {
    setFollowed(appliedKey);
    setChosen(appliedKey ? appliedKey.split(',') : []);
  }

  const known = new Map<string, string>(Object.entries(names));
  for (const client of [...(appliedClients.data ?? []), ...(options.data ?? [])])
    known.set(client.id, client.name);
  const data = [...new Set([...chosen, ...(options.data ?? []).map((client) => client.id)])].map((id) => ({
    value: id,
    label: known.get(id) ?? (appliedClients.error ? 'Client not listed' : 'Loading…'),
  }));

  const forbidden = options.error instanceof ApiError && options.error.status === 403;
  const searching = options.isLoading || search.trim() !== debounced;
  const unchanged = chosen.join(',') === appliedKey;

  return (
    <Group align="flex-end" gap="sm" justify="flex-end">
      <MultiSelect
        label="Client"
        placeholder={chosen.length ? undefined : forbidden ? 'Every client you can see' : 'All clients'}
        description={
          forbidden ? 'Your role cannot list clients: the report shows every client you can see.' : undefined
        }
        disabled={forbidden}
        searchable
        clearable
        hidePickedOptions
        clearSearchOnChange={false}
        searchValue={search}
        onSearchChange={setSearch}
        // The server has searched: show what it answered.
        filter={({ options: found }) => found}
        data={data}
        value={chosen}
        onChange={(ids) => {
          setNames(Object.fromEntries(known));
          setChosen(ids);
        }}
        maxValues={MAX_REPORT_CLIENTS}
        nothingFoundMessage={
          searching
            ? 'Searching…'
            : options.error && !forbidden
              ? 'Clients could not be loaded'
              : 'No clients found'
        }
        comboboxProps={{ withinPortal: true }}
        style={{ flex: '1 1 280px' }}
        miw={0}
        data-testid="client-filter"
      />
      <Button
        variant={unchanged ? 'default' : 'filled'}
        disabled={forbidden}
        aria-disabled={unchanged || undefined}
        data-disabled={unchanged || undefined}
        onClick={() => !unchanged && onApply(chosen)}
        aria-label="Save Client filter"
      >
        Save
      </Button>
    </Group>
  );
}
