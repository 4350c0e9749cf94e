/** Component-test fixtures of the clients feature, in the contract's shapes (checked by ok()). */

/** A row of the clients list: a UK client. */
export const clientRow = (n: number) => ({
  id: `client-${n}`,
  name: `Client ${n}`,
  address: {
    street_1: `${n} Quay Street`,
    street_2: null,
    city: 'Leeds',
    state_id: null,
    country_id: 'england',
    state: null,
    countryObj: { id: 'england', name: 'England' },
    zip: 'LS1 4DL',
    phone: null,
    phone_ext: null,
  },
  default_finding_observation: null,
  disable_images: false,
  createdAt: '2026-03-05T10:00:00.000Z',
  version: 0,
});
