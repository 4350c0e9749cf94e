import { describe, expect, it } from 'vitest';
import {
  addClients,
  filterClients,
  keepsManager,
  managerToSave,
  pageLinks,
  removeClient,
  sameAssignments,
  setProjectAccess,
  type Assignments,
} from './edit-user-state';

const state: Assignments = {
  clients: [
    { id: 'c-pennine', name: 'Pennine Homes Ltd' },
    { id: 'c-clyde', name: 'Clyde Civil Engineering' },
  ],
  projects: [
    {
      id: 'p-kirk',
      name: 'Kirkstall Riverside Housing',
      client_id: 'c-pennine',
      divisionId: 'north',
      archived: false,
    },
  ],
};

describe('Edit User rules', () => {
  it('keeps a manager only for Inspector and Area / Assistant Manager (spec 001 §5)', () => {
    expect(keepsManager('Inspector')).toBe(true);
    expect(keepsManager('Area / Assistant Manager')).toBe(true);
    expect(keepsManager('Regional Manager')).toBe(false);
    expect(keepsManager('Client User')).toBe(false);
    expect(managerToSave('Client User', 'user-area')).toBeNull();
    expect(managerToSave('Inspector', 'user-area')).toBe('user-area');
    expect(managerToSave('Inspector', '')).toBeNull();
  });

  it("filters 'Search here' from 2 characters by client, from 3 by project", () => {
    const names = (text: string) => filterClients(state, text).map((c) => c.name);
    expect(names('p')).toHaveLength(2);
    expect(names('cl')).toEqual(['Clyde Civil Engineering']);
    expect(names('ki')).toEqual([]);
    expect(names('kir')).toEqual(['Pennine Homes Ltd']);
  });

  it('adds chosen clients with the projects their search found, and removes a client with its projects', () => {
    const added = addClients(
      state,
      [{ id: 'c-tyne', name: 'Tyne Valley Groundworks', projects: [{ id: 'p-quay', name: 'Quayside' }] }],
      'north',
    );
    expect(added.clients.map((c) => c.id)).toEqual(['c-clyde', 'c-pennine', 'c-tyne']);
    expect(added.projects.map((p) => p.id)).toEqual(['p-kirk', 'p-quay']);
    expect(sameAssignments(added, state)).toBe(false);
    const removed = removeClient(added, 'c-pennine');
    expect(removed.projects.map((p) => p.id)).toEqual(['p-quay']);
  });

  it('switches project access and compares assignments in any order', () => {
    const off = setProjectAccess(state, state.projects[0]!, false);
    expect(off.projects).toEqual([]);
    const on = setProjectAccess(off, state.projects[0]!, true);
    expect(sameAssignments(on, { clients: [...state.clients].reverse(), projects: state.projects })).toBe(
      true,
    );
  });

  it('shows at most 3 page links around the current page', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 5)).toEqual([1, 2, 3]);
    expect(pageLinks(3, 5)).toEqual([2, 3, 4]);
    expect(pageLinks(5, 5)).toEqual([3, 4, 5]);
    expect(pageLinks(2, 2)).toEqual([1, 2]);
  });
});
