import { useMemo } from 'react';
import { ActionIcon, Anchor, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { DataTable, tableColumns } from '../../../components/data-table';
import type { ClientContact } from '../api/get-client';
import { formatPhone } from './client-address';

const column = tableColumns<ClientContact>();

/**
 * The Contacts tab: name, email, phone with extension, and a remove button for users who may
 * update the client, never on one's own row (spec 001 §2, §6).
 */
export function ContactsTable({
  contacts,
  callerId,
  canRemove,
  onRemove,
}: {
  contacts: ClientContact[];
  callerId: string;
  canRemove: boolean;
  onRemove: (contact: ClientContact) => void;
}) {
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: 'Name',
          enableSorting: false,
          cell: ({ getValue }) => <Text fw={500}>{getValue()}</Text>,
        }),
        column.accessor('email', {
          header: 'Email',
          enableSorting: false,
          cell: ({ getValue }) => (
            <Anchor href={`mailto:${getValue()}`} fz="sm" c="harbor.9">
              {getValue()}
            </Anchor>
          ),
        }),
        column.accessor((contact) => formatPhone(contact.phone, contact.phone_ext), {
          id: 'phone',
          header: 'Phone',
          enableSorting: false,
          cell: ({ getValue }) => (
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {getValue() ?? '—'}
            </Text>
          ),
        }),
        ...(canRemove
          ? [
              column.display({
                id: 'actions',
                header: () => <VisuallyHidden>Actions</VisuallyHidden>,
                cell: ({ row }) =>
                  row.original.id === callerId ? null : (
                    <Tooltip label="Remove contact">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${row.original.name}`}
                        onClick={() => onRemove(row.original)}
                      >
                        <IconUserMinus size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ),
              }),
            ]
          : []),
      ]),
    [callerId, canRemove, onRemove],
  );
  return (
    <DataTable
      label="Contacts"
      testId="contacts-table"
      columns={columns}
      rows={contacts}
      status="ready"
      getRowId={(contact) => contact.id}
      emptyText="No contacts found"
    />
  );
}
