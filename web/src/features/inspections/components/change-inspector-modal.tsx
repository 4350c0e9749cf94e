import { useState } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import useSWR from 'swr';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { ServerError } from '../../../components/server-error';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { errorMessage } from '../../../lib/errors';
import { setInspector, type InspectionDetail } from '../api/inspections';

function ChangeInspectorForm({
  divisionId,
  inspection,
  onClose,
}: {
  divisionId: string;
  inspection: InspectionDetail;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  // Spec 001 §9: a search other than a list's asks the server 500 ms after the last keystroke.
  const [debounced] = useDebouncedValue(search.trim(), 500);
  const { data, error: listError } = useSWR(
    cacheKey(divisionId, 'inspections/inspector-options', debounced),
    () =>
      callApi(projectsRoutes.listAssignableInspectors, {
        divisionId,
        query: debounced ? { s: debounced } : {},
      }),
  );
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(
    inspection.inspector ? { value: inspection.inspector.id, label: inspection.inspector.name } : null,
  );
  const options = (data?.pageData ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.roleName})` }));
  // The chosen one stays an option while another search shows other people.
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack>
      <Select
        label="Inspector"
        withAsterisk
        searchable
        data-autofocus
        // Opens on a click or on typing, not on the dialog's focus: the list would cover the form.
        openOnFocus={false}
        placeholder="Search by name"
        data={options}
        value={chosen?.value ?? null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(_, option) => setChosen(option ?? null)}
        filter={({ options: all }) => all}
        nothingFoundMessage={data ? 'No inspectors found' : 'Searching…'}
      />
      {(error ?? listError) && (
        <ServerError>{error ?? errorMessage(listError, 'An error has occurred')}</ServerError>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={busy}
          disabled={!chosen || chosen.value === inspection.inspector?.id}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              const saved = await setInspector(divisionId, inspection, chosen!.value);
              notifications.show({
                color: 'teal',
                title: 'Inspector changed',
                message: `${saved.inspector?.name ?? 'The new inspector'} now inspects #${inspection.number}.`,
              });
              onClose();
            } catch (failure) {
              setError(errorMessage(failure, 'An error has occurred'));
              setBusy(false);
            }
          }}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** Change Inspector (spec 000 §7 POST /api/inspections/{id}/inspector/{userId}) from the inspection's menu. */
export function ChangeInspectorModal(props: {
  opened: boolean;
  divisionId: string;
  inspection: InspectionDetail;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Change Inspector" radius="lg">
      {props.opened && <ChangeInspectorForm {...props} />}
    </Modal>
  );
}
