import { describe, expect, it } from 'vitest';
import { deliveriesOf, NOTIFICATION_TYPES, settingsPolicyOf } from './notification-settings';

describe('notification settings (spec 001 §2)', () => {
  it('offers SMS only for Missed Inspection, Inspection Ready To Sign, Inspection Complete and Post-Storm Inspection Due', () => {
    const withSms = NOTIFICATION_TYPES.filter((t) => deliveriesOf(t).includes('sms')).map((t) => t.name);
    expect(withSms).toEqual([
      'Missed Inspection',
      'Inspection Ready To Sign',
      'Inspection Complete',
      'Post-Storm Inspection Due',
    ]);
    for (const type of NOTIFICATION_TYPES)
      expect(deliveriesOf(type)).toEqual(expect.arrayContaining(['in-app', 'email']));
  });

  it('gives a Regulator no settings panels', () => {
    expect(settingsPolicyOf('Regulator')).toEqual({ types: [], frequency: false, signature: false });
  });

  it("gives 'Regulator - With Photos' only Inspection Complete, no frequency or e-signature control", () => {
    const policy = settingsPolicyOf('Regulator - With Photos');
    expect(policy.types.map((t) => t.name)).toEqual(['Inspection Complete']);
    expect(policy.frequency).toBe(false);
    expect(policy.signature).toBe(false);
  });

  it('gives every other role all of them', () => {
    expect(settingsPolicyOf('Inspector')).toEqual({
      types: NOTIFICATION_TYPES,
      frequency: true,
      signature: true,
    });
  });
});
