import * as z from 'zod/mini';
import { FINDING_OBSERVATION_IDS, MAX_CONTACTS_PER_REQUEST } from '@stormline/domain/client-rules';
import {
  CountryView,
  OptionalText,
  Phone,
  PhoneExt,
  RegionalPlace,
  RequiredText,
  StateView,
} from '../address';
import { defineArea, permission } from '../route';
import { Cursor, Id, IsoDateTime, ListQuery, Page, Version } from '../schemas';

/**
 * A client's address as the forms send it (spec 001 §3: street_1, street_2, city, state or
 * country, zip, phone, phone_ext). What the region demands of it is checked by the handler
 * (clientAddressIssues, docs/decisions/0014).
 */
export const ClientAddressInput = z.strictObject({
  street_1: RequiredText('Street', 255),
  street_2: OptionalText('Street line 2', 255),
  city: RequiredText('City', 100),
  ...RegionalPlace,
  phone: Phone,
  phone_ext: PhoneExt,
});

const DefaultFindingObservation = z.optional(
  z.nullable(z.enum(FINDING_OBSERVATION_IDS, 'Please select a default finding observation from the list')),
);

export const ClientInput = z.strictObject({
  name: RequiredText('Name', 100),
  address: ClientAddressInput,
  default_finding_observation: DefaultFindingObservation,
  disable_images: z.optional(z.boolean()),
});
export type ClientInput = z.infer<typeof ClientInput>;

export const ClientUpdate = z.strictObject({ ...ClientInput.shape, version: Version });

/** The address as responses show it: the ids stored, and the state or country they name. */
export const ClientAddress = z.strictObject({
  street_1: z.string(),
  street_2: z.nullable(z.string()),
  city: z.string(),
  state_id: z.nullable(z.string()),
  country_id: z.nullable(z.string()),
  state: z.nullable(StateView),
  countryObj: z.nullable(CountryView),
  zip: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  phone_ext: z.nullable(z.string()),
});

/** A row of the clients list (Name, Address, Date Created). */
export const ClientListItem = z.strictObject({
  id: Id,
  name: z.string(),
  address: ClientAddress,
  default_finding_observation: z.nullable(z.string()),
  disable_images: z.boolean(),
  createdAt: IsoDateTime,
  version: Version,
});

/** A contact: a user of the division (spec 001 §2: name, email, phone with extension). */
export const ClientContact = z.strictObject({
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  phone_ext: z.nullable(z.string()),
});

/** The client page: the client with its contacts (`users`, spec 001 §3). */
export const Client = z.strictObject({ ...ClientListItem.shape, users: z.array(ClientContact) });

/** A row of the client's Projects tab (spec 001 §7: id, name, divisionProject.division_id, archivedAt). */
export const ClientProject = z.strictObject({
  id: Id,
  name: z.string(),
  next_inspection_date: z.nullable(z.string()),
  divisionProject: z.strictObject({ division_id: Id }),
  archivedAt: z.nullable(IsoDateTime),
});

/** `clientIds`: comma-separated ids, at most a page of them. */
const ClientIds = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,24}$/,
      'clientIds must be at most 25 ids separated by commas',
    ),
  );

const clientParams = z.strictObject({ id: Id });
const noQuery = z.strictObject({});

export const ContactsBody = z.strictObject({
  userIds: z
    .array(Id)
    .check(
      z.minLength(1, 'Please select at least one user'),
      z.maxLength(MAX_CONTACTS_PER_REQUEST, `At most ${MAX_CONTACTS_PER_REQUEST} users can be added at once`),
    ),
});
const Contacts = z.strictObject({ users: z.array(ClientContact) });

/** Spec 001 §7: clients, their contacts and projects, and the address reference lists. */
export const clientsRoutes = defineArea('clients', {
  listClients: {
    method: 'GET',
    path: '/api/clients',
    summary:
      'Clients of the division by name, those matching search s, or those named by clientIds; a page at a time',
    access: permission('read', 'Client'),
    division: 'required',
    pageSize: 25,
    query: z.strictObject({ ...ListQuery.shape, clientIds: z.optional(ClientIds) }),
    response: Page(ClientListItem),
    implemented: true,
  },
  createClient: {
    method: 'POST',
    path: '/api/clients',
    summary: 'Create a client in the division (address and phone by the region’s rules)',
    access: permission('create', 'Client'),
    division: 'required',
    query: noQuery,
    body: ClientInput,
    response: Client,
    implemented: true,
  },
  getClient: {
    method: 'GET',
    path: '/api/clients/{id}',
    summary: 'One client with its address and its contacts in the division',
    access: permission('read', 'Client'),
    division: 'required',
    params: clientParams,
    query: noQuery,
    response: Client,
    implemented: true,
  },
  updateClient: {
    method: 'PUT',
    path: '/api/clients/{id}',
    summary: 'Edit a client (409 when the version is stale)',
    access: permission('update', 'Client'),
    division: 'required',
    params: clientParams,
    query: noQuery,
    body: ClientUpdate,
    response: Client,
    implemented: true,
  },
  deleteClient: {
    method: 'DELETE',
    path: '/api/clients/{id}',
    summary:
      'Delete a client from the division (409 while it has projects there); the client itself goes with the last division holding it',
    access: permission('delete', 'Client'),
    division: 'required',
    params: clientParams,
    query: noQuery,
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  listStates: {
    method: 'GET',
    path: '/api/clients/geoData',
    summary: 'US states for address forms',
    access: permission('read', 'Client'),
    division: 'none',
    query: noQuery,
    response: z.array(StateView),
    implemented: true,
  },
  listCountries: {
    method: 'GET',
    path: '/api/clients/getCountryList',
    summary: 'UK countries for address forms',
    access: permission('read', 'Client'),
    division: 'none',
    query: noQuery,
    response: z.array(CountryView),
    implemented: true,
  },
  listClientProjects: {
    method: 'GET',
    path: '/api/clients/{id}/projects',
    summary: 'Projects of a client in the division: active ones by name, then archived ones',
    access: permission('read', 'Client'),
    division: 'required',
    pageSize: 25,
    params: clientParams,
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(ClientProject),
    implemented: true,
  },
  addClientContacts: {
    method: 'POST',
    path: '/api/clients/{id}/contacts',
    summary: 'Add users of the division as contacts of a client (userIds)',
    access: permission('update', 'Client'),
    division: 'required',
    params: clientParams,
    query: noQuery,
    body: ContactsBody,
    response: Contacts,
    implemented: true,
  },
  removeClientContact: {
    method: 'DELETE',
    path: '/api/clients/{id}/contacts/{userId}',
    summary: 'Remove a contact from a client (never oneself)',
    access: permission('update', 'Client'),
    division: 'required',
    params: z.strictObject({ id: Id, userId: Id }),
    query: noQuery,
    body: z.undefined(),
    response: Contacts,
    implemented: true,
  },
});
