import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  CERTIFICATION_MESSAGES,
  certificationDateIssue,
  groupDate,
  groupOption,
  groupsOf,
  maySignGroup,
  minCertificationDate,
  signatureCheckboxEnabled,
  signedContentText,
} from './certification-rules';
import { grantsOf, roleByName } from './roles';

describe('who signs (spec 002 §6: "Sign: all on Certify, Acknowledgement or Sign Off")', () => {
  it.each([
    ['Inspector', 'inspection', true],
    ['Inspector', 'compliance', true],
    ['Inspector', 'acknowledgement', false],
    ['Client Inspector', 'acknowledgement', true],
    ['Client Manager', 'compliance', true],
    ['Client User', 'acknowledgement', true],
    ['Client User', 'inspection', false],
    ['Regulator', 'inspection', false],
    ['Public', 'inspection', false],
  ] as const)('%s signs %s: %s', (role, group, expected) => {
    expect(maySignGroup(grantsOf(roleByName(role)), group)).toBe(expected);
  });
});

describe('the signature checkbox (spec 000 §4: "active only if the user has consented in the profile and no signature exists yet")', () => {
  it.each([
    [true, false, true],
    [false, false, false],
    [true, true, false],
  ])('consented %s, signed %s', (consented, signed, expected) => {
    expect(signatureCheckboxEnabled(consented, signed)).toBe(expected);
  });
});

describe('groups and dates', () => {
  const lines = [{ type: 'inspector', label: null, roleFieldLabel: 'Position', userFieldLabel: 'Full Name' }];
  it('"The template flag has_acknowledgement enables the acknowledgement group. The compliance group applies when the template has a compliance certificate"', () => {
    expect(
      groupsOf({
        has_acknowledgement: true,
        has_compliance_cert: false,
        signature_groups: { inspection: lines, acknowledgement: lines, compliance: lines },
      }),
    ).toEqual(['inspection', 'acknowledgement']);
    expect(
      groupsOf({
        has_acknowledgement: false,
        has_compliance_cert: true,
        signature_groups: { inspection: lines, compliance: lines },
      }),
    ).toEqual(['inspection', 'compliance']);
  });

  it('minCertificationDate: the inspection day; compliance not before the certification', () => {
    const inspection = { created_date: '2026-03-02T09:00', certification_date: '2026-03-04' };
    expect(minCertificationDate('inspection', inspection)).toBe('2026-03-02');
    expect(minCertificationDate('compliance', inspection)).toBe('2026-03-04');
  });

  it.each([
    [null, CERTIFICATION_MESSAGES.dateRequired],
    ['2026-03-01', CERTIFICATION_MESSAGES.dateBeforeMin('2026-03-02')],
    ['2026-03-11', CERTIFICATION_MESSAGES.dateFuture],
    ['2026-03-05', null],
  ])('certification date %j', (date, expected) => {
    expect(certificationDateIssue(date, '2026-03-02', '2026-03-10')).toBe(expected);
  });

  it('a group is certified when every line is signed, on the latest line’s date', () => {
    expect(groupDate(['a', 'b'], new Map([['a', '2026-03-02']]))).toBeNull();
    expect(
      groupDate(
        ['a', 'b'],
        new Map([
          ['a', '2026-03-02'],
          ['b', '2026-03-04'],
        ]),
      ),
    ).toBe('2026-03-04');
  });

  it('"Compliance certification cannot be signed while finding types marked required for certification have open findings. The message lists them."', () => {
    const option = groupOption('compliance', {
      status: 'complete',
      certification_date: '2026-03-02',
      compliance_required: true,
      openRequiredFindingLabels: ['CA #3', 'CA #7'],
    });
    expect(option).toEqual({
      enabled: false,
      errors: ['Complete these findings before compliance certification: CA #3, CA #7'],
    });
  });

  it('the inspection group waits for a complete questionnaire; compliance for the inspection’s certification', () => {
    const state = {
      status: 'new' as const,
      certification_date: null,
      compliance_required: true,
      openRequiredFindingLabels: [],
    };
    expect(groupOption('inspection', state).enabled).toBe(false);
    expect(groupOption('inspection', { ...state, status: 'complete' }).enabled).toBe(true);
    expect(groupOption('compliance', { ...state, status: 'complete' }).errors).toEqual([
      CERTIFICATION_MESSAGES.inspectionFirst,
    ]);
  });

  it('quotes spec 000 §5', () => {
    expect(CERTIFICATION_MESSAGES.consent).toBe('Please complete the Electronic Authorization Signature');
    expect(CERTIFICATION_MESSAGES.notEnabled).toBe(
      '** The following inspection cannot be certified because it has pending inspection certificate',
    );
  });
});

describe('the signed content (0018)', () => {
  it('is the same text whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"x":0,"y":1}]},"b":1}',
    );
  });

  it('changes with any answer', () => {
    const content = {
      templateId: 't',
      templateVersion: 1,
      created_date: '2026-03-02T09:00',
      type: 'Routine',
      answers: { rain: 0.5 },
      comments: {},
    };
    expect(signedContentText(content)).not.toBe(signedContentText({ ...content, answers: { rain: 0.6 } }));
    expect(signedContentText(content)).toBe(signedContentText({ ...content }));
  });
});
