import { describe, expect, it } from 'vitest';
import { chooseDivisionId, needsDivisionPrefix, splitDivisionPath, switchDivisionPath } from './division';

const profile = {
  divisions: [
    { id: 'north-region', name: 'North Region' },
    { id: 'south-region', name: 'South Region' },
  ],
};

describe('route conventions (spec 000 §2)', () => {
  it('keeps /divisions, /inspection, /user-manuals and /public/inspection outside division scope', () => {
    for (const path of [
      '/divisions',
      '/divisions/x',
      '/inspection/12',
      '/user-manuals',
      '/public/inspection/3',
    ]) {
      expect(needsDivisionPrefix(path)).toBe(false);
    }
  });

  it('puts every other signed-in path under a division', () => {
    for (const path of ['/projects', '/dashboard', '/my-profile', '/inspection-templates', '/clients/7']) {
      expect(needsDivisionPrefix(path)).toBe(true);
    }
  });

  it('reads the division of a division page, but not of the Divisions admin pages', () => {
    expect(splitDivisionPath('/divisions/north-region/projects/4')).toEqual({
      divisionId: 'north-region',
      rest: '/projects/4',
    });
    expect(splitDivisionPath('/divisions/north-region')).toBeNull();
    expect(splitDivisionPath('/divisions/north-region/resources/users')).toBeNull();
    expect(splitDivisionPath('/divisions')).toBeNull();
  });

  it('works in the stored division while it is still the user’s, else in their first', () => {
    expect(chooseDivisionId(profile, 'south-region')).toBe('south-region');
    expect(chooseDivisionId(profile, 'gone')).toBe('north-region');
    expect(chooseDivisionId(profile, null)).toBe('north-region');
    expect(chooseDivisionId({ divisions: [] }, 'gone')).toBeNull();
  });

  it('switches to the same page under the new division, or to the area list from a record', () => {
    expect(switchDivisionPath('/divisions/north-region/dashboard', 'south-region')).toBe(
      '/divisions/south-region/dashboard',
    );
    expect(switchDivisionPath('/divisions/north-region/projects/archive', 'south-region')).toBe(
      '/divisions/south-region/projects/archive',
    );
    expect(switchDivisionPath('/divisions/north-region/projects/42/inspections', 'south-region')).toBe(
      '/divisions/south-region/projects',
    );
    expect(switchDivisionPath('/divisions', 'south-region')).toBeNull();
  });
});
