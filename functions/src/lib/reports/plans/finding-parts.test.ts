import { describe, expect, it } from 'vitest';
import { findingsSection } from '../sections/findings';
import { findingRuns } from './finding-parts';

const finding = (id: number, photos: number | null) => ({
  id,
  photos: photos === null ? null : Array.from({ length: photos }, (_, i) => `${id}-${i}`),
});

describe('findingRuns', () => {
  it('keeps an inspection with few photos in one part', () => {
    const findings = [finding(1, 3), finding(2, 0), finding(3, 4)];
    expect(findingRuns(findings, 12)).toEqual([findings]);
  });

  it('cuts 100 one-photo findings into parts of 12 photos, in order, none lost', () => {
    const findings = Array.from({ length: 100 }, (_, i) => finding(i + 1, 1));
    const runs = findingRuns(findings, 12);
    expect(runs.map((r) => r.length)).toEqual([12, 12, 12, 12, 12, 12, 12, 12, 4]);
    expect(runs.flat()).toEqual(findings);
  });

  it('never splits a finding: one with more photos than a part holds is a part of its own', () => {
    const findings = [finding(1, 2), finding(2, 20), finding(3, 1)];
    expect(findingRuns(findings, 12).map((r) => r.map((f) => f.id))).toEqual([[1], [2], [3]]);
  });

  it('prints findings whose photos are withheld (null) as one part, and no findings as one empty part', () => {
    const withheld = Array.from({ length: 30 }, (_, i) => finding(i + 1, null));
    expect(findingRuns(withheld, 12)).toEqual([withheld]);
    expect(findingRuns([], 12)).toEqual([[]]);
  });

  it('heads a later part as the continuation of the findings, without repeating the note', () => {
    const note = 'Photos are not shown: the client has disabled images.';
    const first = findingsSection([], note).text;
    const later = findingsSection([], note, true).text;
    expect(first).toContain('<h2>Findings</h2>');
    expect(first).toContain(note);
    expect(later).toContain('<h2>Findings (continued)</h2>');
    expect(later).not.toContain(note);
  });
});
