import { describe, expect, it } from 'vitest';
import { call, NORTH } from '../support/api';
import { createTestUser, signInAs } from '../support/users';

/**
 * The dashboard's layout (spec 000 §2, §7): GET /customdashboard lists every widget; GET and POST
 * /customdashboard1 read and save the caller's own ordered list; none saved reads as null.
 */

interface Widgets {
  widgets: { name: string; width: number }[] | null;
  message?: string;
}

const as = (token: string, path: string, method = 'GET', body?: unknown) =>
  call<Widgets>(path, { method, token, divisionId: NORTH, body });

describe('the dashboard layout', () => {
  it('offers every widget, and keeps each user’s own saved order and widths', async () => {
    const first = await signInAs(await createTestUser('Inspector', [NORTH]));
    const second = await signInAs(await createTestUser('Regional Manager', [NORTH]));
    const all = await as(first, '/customdashboard');
    expect(all.body.widgets!.map((w) => w.name)).toEqual([
      'Certifications Due',
      'Findings Overview',
      'Open Findings',
      'Team Management',
      'Inspections Due',
      'Inspection Calendar',
    ]);
    expect((await as(first, '/customdashboard1')).body.widgets).toBeNull();
    const chosen = [
      { name: 'Open Findings', width: 12 },
      { name: 'Inspections Due', width: 6 },
    ];
    const saved = await as(first, '/customdashboard1', 'POST', { widgets: chosen });
    expect(saved.status).toBe(200);
    expect((await as(first, '/customdashboard1')).body.widgets).toEqual(chosen);
    expect((await as(second, '/customdashboard1')).body.widgets).toBeNull();
  });

  it('refuses a widget listed twice, an unknown one, or another width, and keeps what was saved', async () => {
    const user = await signInAs(await createTestUser('Inspector', [NORTH]));
    const twice = await as(user, '/customdashboard1', 'POST', {
      widgets: [
        { name: 'Open Findings', width: 6 },
        { name: 'Open Findings', width: 12 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/Each widget may be listed once/);
    expect(
      (await as(user, '/customdashboard1', 'POST', { widgets: [{ name: 'Weather', width: 6 }] })).status,
    ).toBe(400);
    expect(
      (await as(user, '/customdashboard1', 'POST', { widgets: [{ name: 'Open Findings', width: 8 }] }))
        .status,
    ).toBe(400);
    expect((await as(user, '/customdashboard1')).body.widgets).toBeNull();
  });

  it('answers the division path /dashboard: the widgets saved or the default, and the contractor’s kind', async () => {
    const user = await signInAs(await createTestUser('Inspector', [NORTH]));
    const path = `/api/divisions/${NORTH}/dashboard`;
    type Dashboard = { widgets: { name: string }[]; saved: boolean; kind: string; available: string[] };
    const before = await call<Dashboard>(path, { token: user, divisionId: NORTH });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ saved: false, kind: 'widgets' });
    // An inspector chooses no inspectors: no Team Management, whose data they would be refused.
    expect(before.body.widgets.map((w) => w.name)).toEqual([
      'Certifications Due',
      'Findings Overview',
      'Open Findings',
      'Inspections Due',
      'Inspection Calendar',
    ]);
    expect(before.body.available).not.toContain('Team Management');
    const manager = await signInAs(await createTestUser('Regional Manager', [NORTH]));
    const theirs = await call<Dashboard>(path, { token: manager, divisionId: NORTH });
    expect(theirs.body.available).toContain('Team Management');
    expect(theirs.body.widgets.map((w) => w.name)).toContain('Team Management');
    await as(user, '/customdashboard1', 'POST', { widgets: [{ name: 'Open Findings', width: 12 }] });
    const after = await call<Dashboard>(path, { token: user, divisionId: NORTH });
    expect(after.body).toMatchObject({
      widgets: [{ name: 'Open Findings', width: 12 }],
      saved: true,
      kind: 'widgets',
    });
    const contractor = await signInAs(await createTestUser('BMP Contractor', [NORTH]));
    const contractors = await call<Dashboard>(path, { token: contractor, divisionId: NORTH });
    expect(contractors.body.kind).toBe('contractor');
  });
});
