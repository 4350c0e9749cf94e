import { describe, expect, it } from 'vitest';
import { clientAddressIssues } from '@stormline/domain/client-rules';
import type { Region } from '@stormline/domain/region';
import { withRegion } from './address';
import { ClientInput } from './areas/clients';

/** A form's schema with the region's rules: the SPA refuses what the server would, at the field. */
const clientForm = (region: Region) =>
  withRegion(ClientInput, (value) => clientAddressIssues(region, value.address));

const issuesOf = (region: Region, input: unknown) => {
  const result = clientForm(region).safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('withRegion', () => {
  const us = {
    street_1: '1450 Pearl Street',
    city: 'Boulder',
    state_id: 'CO',
    zip: '80302',
    phone: '(303) 555-0142',
  };
  const uk = { street_1: '14 Wellington Street', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' };

  it('accepts each region’s own address', () => {
    expect(issuesOf('US', { name: 'Cedar Ridge', address: us })).toEqual([]);
    expect(issuesOf('UK', { name: 'Pennine Homes', address: uk })).toEqual([]);
  });

  it('puts the region’s refusals at their fields', () => {
    expect(issuesOf('US', { name: 'Cedar Ridge', address: uk })).toEqual([
      { path: 'address.country_id', message: 'Addresses in the US have a state, not a country' },
      { path: 'address.state_id', message: 'State is required' },
      { path: 'address.zip', message: 'Zip code must be 5 digits' },
      { path: 'address.phone', message: 'Phone is required' },
    ]);
    expect(issuesOf('UK', { name: 'Pennine Homes', address: { ...uk, phone: '555' } })).toEqual([
      { path: 'address.phone', message: 'Please enter a valid phone number' },
    ]);
  });
});
