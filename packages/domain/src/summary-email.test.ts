import { describe, expect, it } from 'vitest';
import { lastSummaryPeriod, summaryEmailText } from './summary-email';

const at = (iso: string) => new Date(iso);

describe('the summary e-mail’s periods', () => {
  it('daily: yesterday (UTC)', () => {
    expect(lastSummaryPeriod('Daily', at('2026-11-26T04:00:00Z'))).toEqual({
      key: 'D2026-11-25',
      from: at('2026-11-25T00:00:00Z'),
      to: at('2026-11-26T00:00:00Z'),
    });
  });

  it('weekly: the last whole week, Monday to Sunday', () => {
    // Thursday 26 November 2026: the week before the one of Monday 23rd.
    expect(lastSummaryPeriod('Weekly', at('2026-11-26T12:00:00Z'))).toEqual({
      key: 'W2026-11-16',
      from: at('2026-11-16T00:00:00Z'),
      to: at('2026-11-23T00:00:00Z'),
    });
    // On a Monday, the week that ended last night.
    expect(lastSummaryPeriod('Weekly', at('2026-11-23T00:30:00Z'))!.key).toBe('W2026-11-16');
    // On a Sunday, the week before.
    expect(lastSummaryPeriod('Weekly', at('2026-11-22T23:00:00Z'))!.key).toBe('W2026-11-09');
  });

  it('monthly: the last calendar month, across a year', () => {
    expect(lastSummaryPeriod('Monthly', at('2027-01-01T01:00:00Z'))).toEqual({
      key: 'M2026-12',
      from: at('2026-12-01T00:00:00Z'),
      to: at('2027-01-01T00:00:00Z'),
    });
  });

  it('never: none', () => {
    expect(lastSummaryPeriod('Never', at('2026-11-26T04:00:00Z'))).toBeNull();
  });

  it('lists what came, and says how many more', () => {
    const notifications = Array.from({ length: 3 }, (_, i) => ({
      title: 'Inspection Complete',
      content: `Inspection #${i + 1} of Aire Sidings was completed.`,
      date: '2026-11-20T10:00:00.000Z',
    }));
    const email = summaryEmailText(
      { firstName: 'Ines', frequency: 'Weekly', notifications, siteUrl: 'https://x.example' },
      2,
    );
    expect(email.subject).toBe('Your weekly Stormline summary: 3 notifications');
    expect(email.text).toContain(
      '- 2026-11-20 Inspection Complete: Inspection #1 of Aire Sidings was completed.',
    );
    expect(email.text).toContain('…and 1 more.');
    expect(email.text).not.toContain('Inspection #3');
  });
});
