import { describe, expect, it } from 'vitest';
import { notificationEventsOf } from './notification-events';

const inspection = {
  type: 'Inspection',
  id: 'i1',
  divisionId: 'd',
  projectId: 'p',
  inspectorId: 'u1',
  number: 4,
  status: 'new',
  certification_date: null,
};
const project = { type: 'Project', id: 'p', divisionId: 'd', inspector_user_id: 'u1' };
const types = (before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) =>
  notificationEventsOf(before, after).map((e) => `${e.typeId}:${e.audience}`);

describe('the events that raise notifications (issue 11)', () => {
  it('an inspection answered in full asks its inspector to sign; signed, it tells the team', () => {
    const complete = { ...inspection, status: 'complete' };
    const signed = { ...complete, certification_date: '2026-11-20' };
    expect(types(inspection, complete)).toEqual(['inspection-ready-to-sign:inspector']);
    expect(types(complete, signed)).toEqual(['inspection-complete:team']);
    // Saved again unchanged, or created: nothing.
    expect(types(signed, signed)).toEqual([]);
    expect(types(undefined, inspection)).toEqual([]);
  });

  it('a project given to a new inspector tells that inspector; kept, nothing', () => {
    expect(types(undefined, project)).toEqual(['project-assigned:inspector']);
    expect(types(project, { ...project, inspector_user_id: 'u2' })).toEqual(['project-assigned:inspector']);
    expect(types(project, { ...project, name: 'Renamed' })).toEqual([]);
    expect(types(project, { ...project, inspector_user_id: null })).toEqual([]);
  });

  it('a missed inspection recorded tells the team, once, with its due date', () => {
    const missed = { type: 'MissedInspection', divisionId: 'd', projectId: 'p', dueDate: '2026-11-19' };
    expect(notificationEventsOf(undefined, missed)).toEqual([
      expect.objectContaining({ typeId: 'missed-inspection', audience: 'team', date: '2026-11-19' }),
    ]);
    expect(types(missed, missed)).toEqual([]);
    expect(types(missed, undefined)).toEqual([]);
  });

  it('a finding recorded late tells the team, with its type, number and day', () => {
    const late = {
      type: 'LateFinding',
      divisionId: 'd',
      projectId: 'p',
      number: 7,
      typeCode: 'CA',
      date_initiated: '2026-11-10',
    };
    expect(notificationEventsOf(undefined, late)).toEqual([
      expect.objectContaining({ typeId: 'findings-past-due', audience: 'team', number: 7, name: 'CA' }),
    ]);
  });

  it('an invited user who registers tells whoever invited them; other changes, nothing', () => {
    const invited = {
      type: 'User',
      id: 'n',
      status: 'invited',
      invitedBy: 'a',
      first_name: 'Nadia',
      last_name: 'N',
    };
    const active = { ...invited, status: 'active' };
    expect(notificationEventsOf(invited, active)).toEqual([
      expect.objectContaining({
        typeId: 'invitation-accepted',
        audience: 'user',
        userId: 'a',
        name: 'Nadia N',
        subjectId: 'n',
      }),
    ]);
    expect(types(active, { ...active, status: 'inactive' })).toEqual([]);
    expect(types(active, { ...active, first_name: 'Nadia' })).toEqual([]);
    expect(types(invited, { ...active, invitedBy: null })).toEqual([]);
  });

  it('other kinds raise nothing', () => {
    expect(types(undefined, { type: 'Finding' })).toEqual([]);
  });
});
