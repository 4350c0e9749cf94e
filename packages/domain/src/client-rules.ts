import { addressIssues, phoneIssues } from './region';
import type { RegionalAddress, Region } from './region';

/**
 * The rules of clients and their contacts (spec 001 §2, §3, §5, §6), shared by the server that
 * enforces them and the screens that follow them.
 */

export interface FindingObservationTemplate {
  id: string;
  label: string;
  text: string;
}

/**
 * Spec 001 §3: the default finding observation a client may have, one of two templates. A finding
 * raised on the client's projects starts with its text.
 */
export const FINDING_OBSERVATION_TEMPLATES: readonly FindingObservationTemplate[] = [
  {
    id: 'next-day',
    label: 'To be completed (next day)',
    text: 'The corrective action item is to be addressed the next business day after the inspection, per scheduled control measure maintenance.',
  },
  {
    id: 'two-or-more-days',
    label: 'To be completed (2 or more days)',
    text: 'The corrective action item is to be addressed in 2 business days after the inspection, per scheduled control measure maintenance.',
  },
];

export const FINDING_OBSERVATION_IDS = FINDING_OBSERVATION_TEMPLATES.map((t) => t.id) as [
  string,
  ...string[],
];

export function findingObservationTemplate(id: string | null | undefined) {
  return id ? FINDING_OBSERVATION_TEMPLATES.find((t) => t.id === id) : undefined;
}

/** Spec 001 §2: "Add contact: users required; user search needs at least 3 characters." */
export const CONTACT_SEARCH_MIN_LENGTH = 3;

/** How many users one Add Contact request may add: one transaction of their rows. */
export const MAX_CONTACTS_PER_REQUEST = 50;

export const CLIENT_MESSAGES = {
  contactsRequired: 'Please select at least one user',
  removeSelf: 'You cannot remove yourself as a contact',
  contactNotFound: 'Contact not found',
  notAContact: 'Only users of this division can be contacts of its clients',
  publicNotAContact: 'The public account cannot be a contact',
  hasProjects: (count: number) =>
    `This client still has ${count} project${count === 1 ? '' : 's'} in this division (archived ones included). Delete ${count === 1 ? 'it' : 'them'} before deleting the client.`,
} as const;

/** Spec 001 §6: "Users cannot remove themselves as contacts." The reason, or null when allowed. */
export function contactRemovalRefusal(callerId: string, contactId: string): string | null {
  return callerId === contactId ? CLIENT_MESSAGES.removeSelf : null;
}

/**
 * A client's address and phone against the region (spec 001 §5: "phone required in US
 * ((xxx) xxx-xxxx), optional in UK; street, city, state required; zip required").
 */
export function clientAddressIssues(region: Region, address: RegionalAddress & { phone?: string | null }) {
  return [
    ...addressIssues(region, address, { prefix: 'address.', required: true }),
    ...phoneIssues(region, address.phone, 'address.phone'),
  ];
}
