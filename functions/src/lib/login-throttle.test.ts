import { describe, expect, it } from 'vitest';
import { addressBucket, slowDownMs } from './login-throttle';

describe('addressBucket', () => {
  it('counts an IPv4 address as itself, also when IPv4-mapped', () => {
    expect(addressBucket('203.0.113.10')).toBe('203.0.113.10');
    expect(addressBucket('::ffff:203.0.113.10')).toBe('203.0.113.10');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    const bucket = '2001:db8:85a3:0::/64';
    expect(addressBucket('2001:db8:85a3::8a2e:370:7334')).toBe(bucket);
    expect(addressBucket('2001:0db8:85a3:0000:1111:2222:3333:4444')).toBe(bucket);
    expect(addressBucket('2001:DB8:85A3::1')).toBe(bucket);
    expect(addressBucket('2001:db8:85a4::1')).not.toBe(bucket);
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });
});

describe('slowDownMs', () => {
  it('is free for the first ten attempts, then doubles from 250 ms up to 4 s', () => {
    expect([10, 11, 12, 13, 14, 15, 16, 30].map((n) => slowDownMs(n))).toEqual([
      0, 250, 500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });
});
