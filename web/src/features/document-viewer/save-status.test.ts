import { describe, expect, it } from 'vitest';
import { savedText, statusText } from './save-status';

describe('the annotation editor status (spec 001 §2)', () => {
  it("says 'Saved: date @ time' once saved", () => {
    const at = new Date(2026, 2, 4, 14, 5);
    expect(savedText(at)).toBe('Saved: 03-04-2026 @ 2:05 PM');
    expect(statusText('saved', at)).toBe('Saved: 03-04-2026 @ 2:05 PM');
  });

  it('says loading and saving while they last, and nothing when loaded', () => {
    expect(statusText('loading', null)).toBe('Loading…');
    expect(statusText('saving', null)).toBe('Saving…');
    expect(statusText('loaded', null)).toBe('');
  });

  it("says 'Not saved' while a change waits to be sent again", () => {
    expect(statusText('unsaved', new Date(2026, 2, 4, 14, 5))).toBe('Not saved');
  });
});
