import { List, Text } from '@mantine/core';
import { ConfirmDeleteModal } from './confirm-delete-modal';

/**
 * Spec 001 §2: Delete is enabled only after ticking 'Yes, I understand'. What a deletion keeps
 * and refuses is docs/decisions/0016's: the server names what the division still holds.
 */
export function DeleteDivisionModal({
  opened,
  onClose,
  divisionName,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  divisionName: string;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDeleteModal opened={opened} onClose={onClose} title="Delete division" onConfirm={onConfirm}>
      <Text fz="sm">
        Deleting <b>{divisionName}</b> removes it for every user. Nothing it holds is lost with it: a division
        can be deleted only once it has
      </Text>
      <List fz="sm" spacing={4}>
        <List.Item>no projects, active or archived, and no legend items;</List.Item>
        <List.Item>no users besides you;</List.Item>
        <List.Item>no clients or regulations that no other division holds.</List.Item>
      </List>
      <Text fz="sm">
        Clients, regulations and inspection templates it shares with other divisions stay theirs.
      </Text>
    </ConfirmDeleteModal>
  );
}
