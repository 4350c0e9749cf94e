import { Link } from 'react-router-dom';
import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import type { divisionsRoutes } from '@stormline/contract/areas/divisions';
import type { ApiResponse } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';

type Division = ApiResponse<typeof divisionsRoutes.listDivisions>['pageData'][number];

/** Name and Created At (MM-DD-YYYY); a row opens the division only for users who may update divisions. */
export function DivisionsTable({
  divisions,
  loading,
  canOpen,
  onOpen,
}: {
  divisions: Division[] | undefined;
  loading: boolean;
  canOpen: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table
        highlightOnHover={canOpen}
        verticalSpacing="sm"
        horizontalSpacing="md"
        data-testid="divisions-table"
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th w={140}>Created At</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !divisions
            ? Array.from({ length: 4 }, (_, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    <Skeleton h={14} w="60%" />
                  </Table.Td>
                  <Table.Td>
                    <Skeleton h={14} w={90} />
                  </Table.Td>
                </Table.Tr>
              ))
            : divisions?.map((division) => (
                <Table.Tr
                  key={division.id}
                  className={canOpen ? 'clickable-row' : undefined}
                  onClick={canOpen ? () => onOpen(division.id) : undefined}
                >
                  <Table.Td>
                    {canOpen ? (
                      <Anchor
                        component={Link}
                        to={paths.app.division.getHref(division.id)}
                        fw={500}
                        c="harbor.9"
                        onClick={(event) => event.stopPropagation()}
                      >
                        {division.name}
                      </Anchor>
                    ) : (
                      <Text fw={500}>{division.name}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" c="dimmed">
                      {formatDate(division.createdAt)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
          {divisions && divisions.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text ta="center" c="dimmed" py="lg">
                  No Divisions found
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
