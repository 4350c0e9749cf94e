import { Alert, Checkbox, Group, MultiSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/errors';
import { MAX_CLIENTS_AT_ONCE, useCreationOptions } from '../api/creation-options';

export interface Assignments {
  clients: string[];
  projects: string[];
}

/**
 * Step 2 of Add Users (spec 001 §2): the clients of this division the invitees are given, and for
 * each chosen client its active projects in this division (GET /api/users/groups/creation with
 * clientIds: the only projects POST /api/users accepts). A project goes only with its client, so
 * taking a client away takes its projects too.
 */
export function AddUsersAssignments({
  divisionId,
  divisionName,
  inDivision,
  roleId,
  value,
  onChange,
}: {
  divisionId: string;
  divisionName: string;
  /** Whether the invitees join this division (step 1): assignments are per division on the server. */
  inDivision: boolean;
  roleId: string | null;
  value: Assignments;
  onChange: (value: Assignments) => void;
}) {
  const options = useCreationOptions(divisionId, { roleId, clientIds: value.clients });
  const data = options.data;
  // The projects shown are those of the clients asked for: while a new client's answer loads, the
  // previous answer (keepPreviousData) lacks its projects.
  const projectsLoading = options.isLoading || (options.isValidating && data !== undefined);

  if (!inDivision)
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        Clients and projects are given in {divisionName}. Add {divisionName} to the divisions in step 1 to
        give the new users its clients and projects.
      </Alert>
    );
  if (options.error)
    return (
      <Alert color="red" variant="light" role="alert" title="The clients could not be loaded">
        {errorMessage(options.error)}
      </Alert>
    );
  if (!data) return <Skeleton h={36} radius="sm" data-testid="assignments-loading" />;

  const clientName = new Map(data.clients.map((client) => [client.id, client.name]));
  const projectClient = new Map(data.projects.map((project) => [project.id, project.client_id]));

  const setClients = (clients: string[]) =>
    onChange({
      clients,
      projects: value.projects.filter((id) => clients.includes(projectClient.get(id) ?? '')),
    });

  return (
    <Stack gap="md">
      <MultiSelect
        label="Clients"
        description={`Clients of ${divisionName}; up to ${MAX_CLIENTS_AT_ONCE}.`}
        placeholder={value.clients.length === 0 ? 'Choose clients' : undefined}
        data={data.clients.map((client) => ({ value: client.id, label: client.name }))}
        value={value.clients}
        onChange={setClients}
        searchable
        clearable
        maxValues={MAX_CLIENTS_AT_ONCE}
        nothingFoundMessage="No clients found"
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      {value.clients.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No clients chosen: the new users can be given clients and projects later, in Edit User.
        </Text>
      ) : (
        value.clients.map((clientId) => {
          const name = clientName.get(clientId) ?? clientId;
          const projects = data.projects.filter((project) => project.client_id === clientId);
          const chosen = projects.filter((project) => value.projects.includes(project.id));
          return (
            <Paper key={clientId} withBorder radius="md" p="sm" component="fieldset" m={0}>
              <Text component="legend" fw={600} fz="sm" px={4}>
                {name}
              </Text>
              {projectsLoading && projects.length === 0 ? (
                <Skeleton h={20} radius="sm" />
              ) : projects.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  No projects to be displayed
                </Text>
              ) : (
                <Stack gap={6}>
                  <Checkbox
                    label={`All projects of ${name}`}
                    checked={chosen.length === projects.length}
                    indeterminate={chosen.length > 0 && chosen.length < projects.length}
                    onChange={(event) => {
                      const ids = projects.map((project) => project.id);
                      const others = value.projects.filter((id) => !ids.includes(id));
                      onChange({
                        ...value,
                        projects: event.currentTarget.checked ? [...others, ...ids] : others,
                      });
                    }}
                  />
                  <Group gap="xs" pl="lg" component="div">
                    <Stack gap={6}>
                      {projects.map((project) => (
                        <Checkbox
                          key={project.id}
                          label={project.name}
                          checked={value.projects.includes(project.id)}
                          onChange={(event) =>
                            onChange({
                              ...value,
                              projects: event.currentTarget.checked
                                ? [...value.projects, project.id]
                                : value.projects.filter((id) => id !== project.id),
                            })
                          }
                        />
                      ))}
                    </Stack>
                  </Group>
                </Stack>
              )}
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
