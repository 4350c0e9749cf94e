import { useState } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
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
  const { data, error: listError } = useSWR(cacheKey(divisionId, 'projects/inspectors'), () =>
    callApi(projectsRoutes.listAssignableInspectors, { divisionId, query: {} }),
  );
  const [chosen, setChosen] = useState<string | null>(inspection.inspector?.id ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack>
      <Select
        label="Inspector"
        withAsterisk
        searchable
        data-autofocus
        placeholder={data ? 'Choose an inspector' : 'Loading…'}
        data={(data?.pageData ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.roleName})` }))}
        value={chosen}
        onChange={setChosen}
        nothingFoundMessage="No inspectors found"
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
          disabled={!chosen || chosen === inspection.inspector?.id}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              const saved = await setInspector(divisionId, inspection, chosen!);
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
