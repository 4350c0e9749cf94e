import type { ClientInput, ClientListItem } from '@stormline/contract/areas/clients';
import type * as z from 'zod/mini';
import type { ClientContact } from '@stormline/contract/areas/clients';
import type { ClientFields, ClientRecord, ContactView } from '@stormline/data/clients';
import { clientAddressIssues } from '@stormline/domain/client-rules';
import {
  assertNoIssues,
  blankToNull,
  countryById,
  normalizePostalCode,
  stateById,
} from '@stormline/domain/region';
import type { Region } from '@stormline/domain/region';

/** A client as responses show it: the stored ids, and the state or country they name. */
export function clientView(client: ClientRecord): z.input<typeof ClientListItem> {
  const state = stateById(client.address.state_id);
  const country = countryById(client.address.country_id);
  return {
    ...client,
    address: {
      ...client.address,
      state: state ? { ...state } : null,
      countryObj: country ? { ...country } : null,
    },
  };
}

export function contactView(contact: ContactView): z.input<typeof ClientContact> {
  return { ...contact, name: `${contact.first_name} ${contact.last_name}`.trim() };
}

/**
 * A client form's fields as stored: checked against the deployment's region first (400 with the
 * spec's messages), blank optional text as null, a postcode in its usual form.
 */
export function clientFields(
  region: Region,
  input: ClientInput,
): Omit<ClientFields, 'default_finding_observation' | 'disable_images'> &
  Partial<Pick<ClientFields, 'default_finding_observation' | 'disable_images'>> {
  assertNoIssues(clientAddressIssues(region, input.address));
  const { address } = input;
  return {
    name: input.name,
    address: {
      street_1: address.street_1,
      street_2: blankToNull(address.street_2),
      city: address.city,
      state_id: blankToNull(address.state_id),
      country_id: blankToNull(address.country_id),
      zip: normalizePostalCode(region, address.zip),
      phone: blankToNull(address.phone),
      phone_ext: blankToNull(address.phone_ext),
    },
    // Left out on an edit: kept as they are (the overflow menu's toggle sends only what it changes).
    ...(input.default_finding_observation !== undefined
      ? { default_finding_observation: input.default_finding_observation }
      : {}),
    ...(input.disable_images !== undefined ? { disable_images: input.disable_images } : {}),
  };
}
