import { Alert, Anchor, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/errors';
import { useClientProjects, type ClientProject } from '../api/user-client-options';
import type { AssignedClient, AssignedProject } from './edit-user-state';

export const NO_PROJECTS = 'No projects to be displayed';

interface ClientProjectsProps {
  divisionId: string;
  client: AssignedClient;
  /** The user's projects (to be saved), of every client. */
  projects: AssignedProject[];
  divisionName: (id: string) => string;
  onAccess: (project: AssignedProject, access: boolean) => void;
}

const asAssigned = (project: ClientProject, clientId: string): AssignedProject => ({
  id: project.id,
  name: project.name,
  client_id: clientId,
  divisionId: project.divisionProject.division_id,
  archived: project.archivedAt !== null,
});

/**
 * Spec 001 §2: a client row expanded: its projects in the division (Project Name, Divisions,
 * Access to project, Access to statistics), archived ones apart under 'Archived Projects'. The
 * access switch gives or takes the project; the statistics switch only shows and is disabled.
 */
export function ClientProjects({
  divisionId,
  client,
  projects,
  divisionName,
  onAccess,
}: ClientProjectsProps) {
  const { data, error, isLoading, mutate } = useClientProjects(divisionId, client.id);
  const own = projects.filter((p) => p.client_id === client.id);
  const listed = (data ?? []).map((p) => asAssigned(p, client.id));
  // The user's projects of this client that the list did not carry (it failed, or is still loading) still show.
  const rows = [...listed, ...own.filter((p) => !listed.some((l) => l.id === p.id))];
  const granted = new Set(own.map((p) => p.id));

  if (isLoading && own.length === 0)
    return (
      <Stack gap={6} p="xs" aria-busy>
        <Skeleton h={14} w="50%" />
        <Skeleton h={14} w="40%" />
      </Stack>
    );

  const table = (items: AssignedProject[], label: string) => (
    // On a phone the switches are a swipe away: the scrollbar shows whenever the table overflows.
    <Table.ScrollContainer minWidth={480} type="native">
      <Table aria-label={label} verticalSpacing={6} horizontalSpacing="sm" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Project Name</Table.Th>
            <Table.Th>Divisions</Table.Th>
            <Table.Th>Access to project</Table.Th>
            <Table.Th>Access to statistics</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text ta="center" c="dimmed" fz="sm" py="xs">
                  {NO_PROJECTS}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            items.map((project) => (
              <Table.Tr key={project.id}>
                <Table.Td>{project.name}</Table.Td>
                <Table.Td>{divisionName(project.divisionId)}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Access to project ${project.name}`}
                    checked={granted.has(project.id)}
                    onChange={(event) => onAccess(project, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  {/* Spec 001 §2: display only. Statistics follow access to the project. */}
                  <Switch
                    aria-label={`Access to statistics of ${project.name} (follows access to the project)`}
                    checked={granted.has(project.id)}
                    disabled
                    readOnly
                  />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  const active = rows.filter((p) => !p.archived);
  const archived = rows.filter((p) => p.archived);
  return (
    <Stack gap="xs" py={4}>
      {error && (
        <Alert color="red" variant="light" p="xs">
          <Text fz="sm">{errorMessage(error)}</Text>
          <Anchor component="button" type="button" fz="sm" onClick={() => void mutate()}>
            Reload
          </Anchor>
        </Alert>
      )}
      {table(active, `Projects of ${client.name}`)}
      {archived.length > 0 && (
        <>
          <Title order={3} fz="sm" c="dimmed" mt={4}>
            Archived Projects
          </Title>
          {table(archived, `Archived projects of ${client.name}`)}
        </>
      )}
    </Stack>
  );
}
