import { DivisionCreate } from '@stormline/contract/areas/divisions';
import { NameModal, type NameModalProps } from '../../../components/name-modal';

/** The one field of a division, for Add Division and Edit; the contract's schema gives 'Division name is required'. */
export function DivisionNameModal(props: NameModalProps) {
  return (
    <NameModal schema={DivisionCreate} label="Division name" placeholder="e.g. North Region" {...props} />
  );
}
