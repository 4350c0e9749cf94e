import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, clientAddressIssues, contactRemovalRefusal } from './client-rules';
import {
  coordinateIssues,
  isAssignableInspector,
  mayDeleteProjectDocument,
  isProjectDocType,
  PROJECT_DOC_TYPE_IDS,
  PROJECT_DOC_TYPES,
  PROJECT_MESSAGES,
  projectDateIssues,
  projectDocTypes,
  projectOptionFields,
  resolveProjectOptions,
  routineIntervalDays,
  ROLES_NOT_DELETING_SITE_MAPS,
  routineIntervalIssues,
  seesEveryProject,
  SITE_MAP_DOC_TYPE_ID,
} from './project-rules';
import type { TemplateProjectOptions } from './project-rules';
import { APPENDIX_GROUPS } from './reports';

const routine: TemplateProjectOptions = {
  hasComplianceCert: true,
  ccr: false,
  optionalCompliance: false,
  cgp: false,
};
const delaware: TemplateProjectOptions = {
  hasComplianceCert: true,
  ccr: true,
  optionalCompliance: true,
  cgp: false,
};
const cgp: TemplateProjectOptions = {
  hasComplianceCert: true,
  ccr: false,
  optionalCompliance: true,
  cgp: true,
};
const cdot: TemplateProjectOptions = {
  hasComplianceCert: false,
  ccr: false,
  optionalCompliance: false,
  cgp: false,
};
const paths = (issues: { path: string }[]) => issues.map((i) => i.path);

describe('the routine inspection interval', () => {
  it('is rounded up to whole days, 1 to 999', () => {
    expect(routineIntervalDays(7)).toBe(7);
    expect(routineIntervalDays(7.2)).toBe(8);
    expect(routineIntervalDays(0.1)).toBe(1);
    expect(routineIntervalIssues(998.5)).toEqual([]);
    expect(routineIntervalIssues(999.01)).toEqual([
      { path: 'routine_interval', message: PROJECT_MESSAGES.intervalRange },
    ]);
  });
});

describe('coordinates', () => {
  it('take up to 6 decimal places within range', () => {
    expect(coordinateIssues(40.063411, -105.205102)).toEqual([]);
    expect(coordinateIssues(-90, 180)).toEqual([]);
    expect(coordinateIssues(40.0634111, -105.2)).toEqual([
      { path: 'latitude', message: 'Latitude can have at most 6 decimal places' },
    ]);
    expect(paths(coordinateIssues(91, -181))).toEqual(['latitude', 'longitude']);
  });
});

describe('project dates', () => {
  // 23:30 UTC on 1 July: already 2 July in London (BST), still 1 July in Denver.
  const now = new Date('2025-07-01T23:30:00Z');

  it("keeps the next inspection date from before today in the project's zone", () => {
    expect(projectDateIssues({ next_inspection_date: '2025-07-01' }, 'America/Denver', now)).toEqual([]);
    expect(projectDateIssues({ next_inspection_date: '2025-07-01' }, 'Europe/London', now)).toEqual([
      { path: 'next_inspection_date', message: 'Next inspection date cannot be before today' },
    ]);
    expect(projectDateIssues({ next_inspection_date: '2025-07-02' }, 'Europe/London', now)).toEqual([]);
  });

  it('wants real dates and the end not before the start', () => {
    expect(paths(projectDateIssues({ start_date: '2025-02-30' }, 'Europe/London', now))).toEqual([
      'start_date',
    ]);
    expect(
      projectDateIssues({ start_date: '2025-03-01', end_date: '2025-02-28' }, 'Europe/London', now),
    ).toEqual([{ path: 'end_date', message: 'End date cannot be before the start date' }]);
  });
});

describe("the template's conditional options", () => {
  it('shows each option only for the templates it applies to', () => {
    expect(projectOptionFields(routine, true)).toEqual({
      isCcrProject: false,
      inspection_compliance_required: false,
      findingComplianceRequired: false,
      cgp_tracking_id: false,
    });
    expect(projectOptionFields(delaware, true)).toMatchObject({
      isCcrProject: true,
      inspection_compliance_required: true,
      findingComplianceRequired: true,
    });
    expect(projectOptionFields(delaware, false).findingComplianceRequired).toBe(false);
    expect(projectOptionFields(cgp, true).cgp_tracking_id).toBe(true);
  });

  it('defaults the compliance options to true where the project chooses', () => {
    expect(resolveProjectOptions(delaware, {})).toEqual({
      issues: [],
      options: {
        isCcrProject: false,
        inspection_compliance_required: true,
        findingComplianceRequired: true,
        cgp_tracking_id: null,
      },
    });
  });

  it('lets the template decide where compliance is not optional', () => {
    expect(resolveProjectOptions(routine, {}).options).toMatchObject({
      inspection_compliance_required: true,
      findingComplianceRequired: true,
    });
    expect(resolveProjectOptions(cdot, {}).options).toMatchObject({
      inspection_compliance_required: false,
      findingComplianceRequired: false,
    });
  });

  it('refuses an option sent for a template it does not apply to', () => {
    expect(
      resolveProjectOptions(routine, {
        isCcrProject: false,
        inspection_compliance_required: true,
        findingComplianceRequired: true,
        cgp_tracking_id: 'COR10A123',
      }).issues,
    ).toEqual([
      { path: 'isCcrProject', message: PROJECT_MESSAGES.ccrNotApplicable },
      { path: 'inspection_compliance_required', message: PROJECT_MESSAGES.complianceNotApplicable },
      { path: 'findingComplianceRequired', message: PROJECT_MESSAGES.findingsNotApplicable },
      { path: 'cgp_tracking_id', message: PROJECT_MESSAGES.cgpNotApplicable },
    ]);
  });

  it('offers completed findings only while compliance is required', () => {
    const off = resolveProjectOptions(delaware, {
      inspection_compliance_required: false,
      findingComplianceRequired: true,
    });
    expect(paths(off.issues)).toEqual(['findingComplianceRequired']);
    expect(resolveProjectOptions(delaware, { inspection_compliance_required: false }).options).toMatchObject({
      inspection_compliance_required: false,
      findingComplianceRequired: false,
    });
    expect(
      resolveProjectOptions(delaware, { isCcrProject: true, findingComplianceRequired: false }).options,
    ).toMatchObject({
      isCcrProject: true,
      inspection_compliance_required: true,
      findingComplianceRequired: false,
    });
  });

  it('requires the CGP tracking ID where it is shown', () => {
    expect(resolveProjectOptions(cgp, { cgp_tracking_id: '  ' }).issues).toEqual([
      { path: 'cgp_tracking_id', message: 'CGP tracking ID is required' },
    ]);
    expect(resolveProjectOptions(cgp, { cgp_tracking_id: ' COR10A123 ' }).options.cgp_tracking_id).toBe(
      'COR10A123',
    );
  });
});

describe('inspectors and document types', () => {
  it('assigns only the listed roles', () => {
    expect(isAssignableInspector('Inspector')).toBe(true);
    expect(isAssignableInspector('Client Manager')).toBe(true);
    expect(isAssignableInspector('Client User')).toBe(false);
    expect(isAssignableInspector('BMP Contractor')).toBe(false);
    expect(isAssignableInspector('Public')).toBe(false);
  });

  it('keeps known document types, the site maps always first', () => {
    expect(projectDocTypes(['permits', 'swmp'])).toEqual({
      docTypes: ['active-site-maps', 'swmp', 'permits'],
      issues: [],
    });
    expect(paths(projectDocTypes(['nope']).issues)).toEqual(['docTypes']);
  });

  it("offers every Print SWMP appendix group as a document type of its own, in the groups' order", () => {
    const appendixTypes = PROJECT_DOC_TYPES.filter((t) => t.id.startsWith('appendix-'));
    expect(appendixTypes).toEqual(
      APPENDIX_GROUPS.map((g) => ({ id: g.docTypeId, name: `Appendix: ${g.label}` })),
    );
    expect(PROJECT_DOC_TYPE_IDS).toEqual(PROJECT_DOC_TYPES.map((t) => t.id));
    expect(isProjectDocType('appendix-misc')).toBe(true);
    expect(isProjectDocType('appendix-nope')).toBe(false);
    expect(projectDocTypes(['appendix-misc', 'appendix-soil-reports'])).toEqual({
      docTypes: ['active-site-maps', 'appendix-soil-reports', 'appendix-misc'],
      issues: [],
    });
  });
});

describe('client rules', () => {
  it('never lets a user remove themself as a contact', () => {
    expect(contactRemovalRefusal('u1', 'u1')).toBe(CLIENT_MESSAGES.removeSelf);
    expect(contactRemovalRefusal('u1', 'u2')).toBeNull();
  });

  it("checks a client's address and phone by the region", () => {
    expect(clientAddressIssues('US', { state_id: 'CO', zip: '80302', phone: '(303) 555-0142' })).toEqual([]);
    expect(paths(clientAddressIssues('US', { state_id: 'CO', zip: '80302', phone: null }))).toEqual([
      'address.phone',
    ]);
    expect(clientAddressIssues('UK', { country_id: 'wales', zip: 'CF10 4QH', phone: null })).toEqual([]);
  });
});

describe('who sees which projects (0018)', () => {
  it.each([
    ['Admin', true],
    ['Regional Manager', true],
    ['Inspector', true],
    ['Supervising Engineer', true],
    ['Client Manager', false],
    ['BMP Contractor', false],
    ['Regulator', false],
    ['Public', false],
  ] as const)('%s sees every project of the division: %s', (role, expected) => {
    expect(seesEveryProject(role)).toBe(expected);
  });
});

describe('deleting project documents (spec 002 §6)', () => {
  it('hides the site-map delete from the eight listed roles only, and no other type’s', () => {
    expect(ROLES_NOT_DELETING_SITE_MAPS).toHaveLength(8);
    for (const role of ROLES_NOT_DELETING_SITE_MAPS) {
      expect(mayDeleteProjectDocument(role, SITE_MAP_DOC_TYPE_ID), role).toBe(false);
      expect(mayDeleteProjectDocument(role, 'swmp'), role).toBe(true);
    }
    expect(mayDeleteProjectDocument('Admin', SITE_MAP_DOC_TYPE_ID)).toBe(true);
    expect(mayDeleteProjectDocument('Supervising Engineer', SITE_MAP_DOC_TYPE_ID)).toBe(true);
  });
});
