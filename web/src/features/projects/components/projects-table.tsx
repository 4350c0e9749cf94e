import { Link } from 'react-router-dom';
import { Anchor, Checkbox, Text, VisuallyHidden } from '@mantine/core';
import { ServerTable, tableColumns } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import { displayDate } from '@stormline/domain/local-date';
import type { ServerList } from '../../../lib/list/server-list';
import type { ProjectRow } from '../api/projects';

const column = tableColumns<ProjectRow>();

/** Spec 002 §2: opening a project goes to its inspections, or to the archive page of an archived one. */
export function projectHref(divisionId: string, project: Pick<ProjectRow, 'id' | 'archivedAt'>): string {
  return project.archivedAt
    ? paths.app.archivedProject.getHref(divisionId, project.id)
    : paths.app.project.getHref(divisionId, project.id, 'inspections');
}

function columnsFor(divisionId: string, selection: PostStormSelection | null) {
  return column.columns([
    ...(selection
      ? [
          column.display({
            id: 'select',
            header: () => <VisuallyHidden>Select</VisuallyHidden>,
            cell: ({ row }) => {
              const eligible = row.original.openInspectionCount === 0;
              return (
                <Checkbox
                  aria-label={`Select ${row.original.name}`}
                  disabled={!eligible}
                  title={
                    eligible ? undefined : 'Complete the existing inspection(s) before creating a new one.'
                  }
                  checked={selection.ids.includes(row.original.id)}
                  onChange={(event) => selection.toggle(row.original.id, event.currentTarget.checked)}
                  onClick={(event) => event.stopPropagation()}
                />
              );
            },
          }),
        ]
      : []),
    column.accessor('name', {
      header: 'Project',
      enableSorting: false,
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={projectHref(divisionId, row.original)}
          fw={500}
          c="harbor.9"
          onClick={(event) => event.stopPropagation()}
        >
          {row.original.name}
        </Anchor>
      ),
    }),
    column.accessor((p) => p.client.name, { id: 'client', header: 'Client', enableSorting: false }),
    column.accessor((p) => [p.city, p.place].filter(Boolean).join(', '), {
      id: 'place',
      header: 'Location',
      enableSorting: false,
    }),
    column.accessor('next_inspection_date', {
      header: 'Next Inspection',
      enableSorting: false,
      cell: ({ getValue }) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {displayDate(getValue()) || '—'}
        </Text>
      ),
    }),
  ]);
}

export interface PostStormSelection {
  ids: string[];
  toggle: (id: string, on: boolean) => void;
}

export function ProjectsTable({
  list,
  divisionId,
  onOpen,
  selection,
  emptyText,
}: {
  list: ServerList<ProjectRow>;
  divisionId: string;
  onOpen: (row: ProjectRow) => void;
  selection: PostStormSelection | null;
  emptyText: string;
}) {
  return (
    <ServerTable
      list={list}
      label="Projects"
      columns={columnsFor(divisionId, selection)}
      getRowId={(p) => p.id}
      emptyText={emptyText}
      onRowClick={onOpen}
    />
  );
}
