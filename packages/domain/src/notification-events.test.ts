import { describe, expect, it } from 'vitest';
import { audienceAdmits, notificationEventsOf } from './notification-events';
import { roleByName } from './roles';

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

  it('an inspection certified under a template with an acknowledgement asks for it, not of its signer', () => {
    const complete = {
      ...inspection,
      status: 'complete',
      has_acknowledgement: true,
      acknowledgement_date: null,
    };
    const signed = { ...complete, certification_date: '2026-11-20', certifiedBy: 'u9' };
    expect(types(complete, signed)).toEqual([
      'inspection-complete:team',
      'acknowledgement-required:acknowledgers',
    ]);
    expect(notificationEventsOf(complete, signed)[1]).toMatchObject({
      inspectionId: 'i1',
      projectId: 'p',
      number: 4,
      actorId: 'u9',
    });
    // No acknowledgement in the template, or one signed already: only Inspection Complete.
    expect(
      types({ ...complete, has_acknowledgement: false }, { ...signed, has_acknowledgement: false }),
    ).toEqual(['inspection-complete:team']);
    expect(types(complete, { ...signed, acknowledgement_date: '2026-11-20' })).toEqual([
      'inspection-complete:team',
    ]);
    // Certified already: acknowledging it, or saving it again, asks nothing more.
    expect(types(signed, { ...signed, acknowledgement_date: '2026-11-21' })).toEqual([]);
    expect(types(signed, signed)).toEqual([]);
  });

  it('Acknowledgement Required is for the roles that may sign the acknowledgement (spec 002 §6)', () => {
    const asks = (role: Parameters<typeof roleByName>[0]) =>
      audienceAdmits('acknowledgers', roleByName(role));
    for (const role of [
      'Admin',
      'Regional Manager',
      'Client Manager',
      'Client Inspector',
      'Client User',
    ] as const)
      expect(asks(role), role).toBe(true);
    // Sign Off signs any group.
    expect(asks('Supervising Engineer')).toBe(true);
    for (const role of ['Inspector', 'BMP Contractor', 'Regulator'] as const)
      expect(asks(role), role).toBe(false);
    // Every other audience is everyone in it.
    expect(audienceAdmits('team', roleByName('Inspector'))).toBe(true);
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

  it('a routine inspection recorded due today tells the project’s inspector, once, with the date', () => {
    const due = { type: 'InspectionDue', divisionId: 'd', projectId: 'p', dueDate: '2026-11-19' };
    expect(notificationEventsOf(undefined, due)).toEqual([
      expect.objectContaining({
        typeId: 'inspection-due',
        audience: 'inspector',
        projectId: 'p',
        userId: null,
        date: '2026-11-19',
      }),
    ]);
    // Its expiry (TTL) or a second look at it: nothing.
    expect(types(due, undefined)).toEqual([]);
    expect(types(due, due)).toEqual([]);
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

  it('a post-storm due recorded tells the team and the managers who asked, once, with its deadline and rain', () => {
    const due = {
      type: 'PostStormDue',
      divisionId: 'd',
      projectId: 'p',
      countedAt: '2026-11-28T14:00:00.000Z',
      dueBy: '2026-11-29T14:00:00.000Z',
      kind: 'rain',
      amountInches: 0.31,
      windowStart: '2026-11-27T14:00:00.000Z',
      windowEnd: '2026-11-28T14:00:00.000Z',
      status: 'due',
      inspectionId: null,
    };
    expect(notificationEventsOf(undefined, due)).toEqual([
      expect.objectContaining({
        typeId: 'post-storm-due',
        audience: 'team-and-managers',
        divisionId: 'd',
        projectId: 'p',
        storm: {
          dueBy: '2026-11-29T14:00:00.000Z',
          kind: 'rain',
          amountInches: 0.31,
          windowStart: '2026-11-27T14:00:00.000Z',
          windowEnd: '2026-11-28T14:00:00.000Z',
        },
      }),
    ]);
    // Settled (done, late, missed) is a MODIFY: no second notification; nor its removal.
    for (const status of ['done', 'late', 'missed'])
      expect(types(due, { ...due, status, inspectionId: 'i1' })).toEqual([]);
    expect(types(due, undefined)).toEqual([]);
    // A record without its evidence says nothing rather than something wrong.
    expect(types(undefined, { ...due, dueBy: undefined })).toEqual([]);
  });

  it('other kinds raise nothing', () => {
    expect(types(undefined, { type: 'Finding' })).toEqual([]);
  });
});
