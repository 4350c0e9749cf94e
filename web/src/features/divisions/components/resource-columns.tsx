import { Link } from 'react-router-dom';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import type { NamedResourceRow, UserResourceRow } from '@stormline/contract/areas/divisions';
import { tableColumns, type TableColumn } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import type { ResourceKind, ResourceRow } from '../api/division-resources';

/**
 * Where a row's detail link goes (spec 001 §2): regulations to the group, clients to the client,
 * users to the users admin searched by their email, templates to the template. The link is shown
 * only when the server says the caller may open it (a member of the division).
 */
export function detailHref(divisionId: string, kind: ResourceKind, row: ResourceRow): string {
  switch (kind) {
    case 'regulations':
      return paths.app.group.getHref(divisionId, row.id);
    case 'inspectionTemplates':
      return paths.app.inspectionTemplate.getHref(divisionId, row.id);
    case 'clients':
      return paths.app.client.getHref(divisionId, row.id);
    case 'users':
      return paths.app.admin.getHref(divisionId, (row as UserResourceRow).email);
  }
}

/**
 * The row's name, a link where the caller may open it. An email does not wrap in a wide table's
 * column; in a phone's stacked card it may break at the card's edge (stacked-table.module.css).
 */
function Linked({
  href,
  show,
  wrap = true,
  children,
}: {
  href: string;
  show: boolean;
  wrap?: boolean;
  children: string;
}) {
  const style = wrap ? undefined : { whiteSpace: 'nowrap' as const };
  return show ? (
    <Anchor component={Link} to={href} fw={500} fz="sm" c="harbor.9" style={style}>
      {children}
    </Anchor>
  ) : (
    <Text fw={500} fz="sm" style={style}>
      {children}
    </Text>
  );
}

const nowrap = (value: string) => (
  <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
    {value}
  </Text>
);

/** A user's name part: a dash, read as 'Not given yet', for an invitee who has not registered (as the users admin shows it). */
const namePart = (value: string) =>
  value ? (
    nowrap(value)
  ) : (
    <Text fz="sm" c="dimmed">
      <span aria-hidden>—</span>
      <VisuallyHidden>Not given yet</VisuallyHidden>
    </Text>
  );

const named = tableColumns<NamedResourceRow>();
const user = tableColumns<UserResourceRow>();

/** Name; for users First Name, Last Name, Email and Role (spec 001 §2). `links`: render detail links at all. */
export function resourceColumns(
  divisionId: string,
  kind: ResourceKind,
  links: boolean,
): TableColumn<ResourceRow>[] {
  if (kind === 'users')
    return user.columns([
      user.accessor('first_name', {
        header: 'First Name',
        enableSorting: false,
        cell: ({ getValue }) => namePart(getValue()),
      }),
      user.accessor('last_name', {
        header: 'Last Name',
        enableSorting: false,
        cell: ({ getValue }) => namePart(getValue()),
      }),
      // The email is the link: every user has one (an invited user may have no name yet), and the
      // users admin is opened searched by it.
      user.accessor('email', {
        header: 'Email',
        enableSorting: false,
        cell: ({ row }) => (
          <Linked
            show={links && row.original.canOpen}
            href={detailHref(divisionId, kind, row.original)}
            wrap={false}
          >
            {row.original.email}
          </Linked>
        ),
      }),
      user.accessor('roleName', {
        header: 'Role',
        enableSorting: false,
        cell: ({ getValue }) => nowrap(getValue()),
      }),
    ]) as TableColumn<ResourceRow>[];
  return named.columns([
    named.accessor('name', {
      header: 'Name',
      enableSorting: false,
      cell: ({ row }) => (
        <Linked show={links && row.original.canOpen} href={detailHref(divisionId, kind, row.original)}>
          {row.original.name}
        </Linked>
      ),
    }),
  ]) as TableColumn<ResourceRow>[];
}

/** How a row is named to assistive technology ('Select Pennine Homes Ltd'). */
export function rowName(row: ResourceRow): string {
  return 'name' in row ? row.name : `${row.first_name} ${row.last_name}`;
}

const anyRow = tableColumns<ResourceRow>();

/**
 * Add {thing}'s last column: whether the division holds the row already (its checkbox is then
 * disabled), said in words, not only by a greyed checkbox.
 */
export function heldColumn(divisionName: string): TableColumn<ResourceRow> {
  return anyRow.accessor('inDivision', {
    header: `In ${divisionName}`,
    enableSorting: false,
    cell: ({ getValue }) =>
      getValue() ? (
        <Text fz="sm">Already</Text>
      ) : (
        <Text fz="sm" c="dimmed">
          No
        </Text>
      ),
  }) as TableColumn<ResourceRow>;
}
