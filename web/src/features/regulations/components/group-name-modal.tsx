import { GroupCreate } from '@stormline/contract/areas/regulations';
import { NameModal, type NameModalProps } from '../../../components/name-modal';

/**
 * A regulation group's one field, for Add Regulation and Edit; the contract's schema gives
 * 'Regulation name cannot be empty' for an empty or blank name (spec 001 §5), as the server does.
 */
export function GroupNameModal(props: NameModalProps) {
  return (
    <NameModal
      schema={GroupCreate}
      label="Regulation name"
      placeholder="e.g. Construction General Permit"
      {...props}
    />
  );
}
