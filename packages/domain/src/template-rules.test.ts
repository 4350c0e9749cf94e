import { describe, expect, it } from 'vitest';
import { SYSTEM_TEMPLATES } from './system-templates';
import { ROUTINE_STORMWATER } from './system-templates/routine-stormwater';
import { TEMPLATE_MESSAGES, templateIssues } from './template-rules';
import { allQuestions, mayBeInFuture, QUESTION_TYPE_IDS } from './template-model';
import type { TemplateVersion } from './template-model';

describe('the system templates', () => {
  it.each(SYSTEM_TEMPLATES.map((t) => [t.name, t] as const))('%s is a valid template', (_name, version) => {
    expect(templateIssues(version)).toEqual([]);
  });

  it("'Routine Stormwater Inspection' holds every question type of spec 002 §2", () => {
    const types = new Set(allQuestions(ROUTINE_STORMWATER).map((q) => q.question_type_id));
    expect([...types].sort()).toEqual([...QUESTION_TYPE_IDS].sort());
  });

  it('marks which date questions may be in the future (spec 002 §5: inspection date questions may not)', () => {
    const dated = SYSTEM_TEMPLATES.flatMap((t) =>
      allQuestions(t).filter((q) => q.question_type_id === 'date' || q.question_type_id === 'datetime'),
    );
    const future = Object.fromEntries(dated.map((q) => [q.input_label, mayBeInFuture(q)]));
    expect(future).toMatchObject({
      'Date of the next scheduled inspection': true,
      'Inspection date and time': false,
      'Date the storm event ended': false,
      'Storm start date and time': false,
    });
    for (const q of dated.filter((d) => d.features.includes('inspection_date')))
      expect(mayBeInFuture(q)).toBe(false);
  });

  it('the compliance attestation is the certification statement of 40 CFR 122.22', () => {
    const compliance = ROUTINE_STORMWATER.attestations.find((a) => a.signatureType === 'compliance')!;
    expect(compliance.content).toMatch(
      /^I certify under penalty of law that this document and all attachments/,
    );
    expect(compliance.content).toMatch(
      /including the possibility of fine and imprisonment for knowing violations\.$/,
    );
  });

  it("'CDOT' is exempt from the creation rule and asks Control Measure and Condition", () => {
    const cdot = SYSTEM_TEMPLATES.find((t) => t.name === 'CDOT')!;
    expect(cdot).toMatchObject({ kind: 'cdot', control_measure_required: true });
    expect(cdot.condition_options.map((o) => o.label)).toEqual([
      '(I) Installation',
      '(M) BMP Maintenance',
      '(S) Street Sweeping',
      '(C) Contractor Responsibility',
      '(A) Additional Control Measure Needed',
      '(R) Remove Control Measure',
    ]);
  });
});

describe('template rules (spec 002 §5)', () => {
  const base: TemplateVersion = ROUTINE_STORMWATER;
  it.each([
    [
      'no Inspection Type question',
      {
        ...base,
        question_groups: base.question_groups.map((g) => ({
          ...g,
          questions: g.questions.map((q) => ({
            ...q,
            features: q.features.filter((f) => f !== 'inspection_type'),
          })),
        })),
      },
      TEMPLATE_MESSAGES.inspectionType,
    ],
    [
      'no finding type included',
      {
        ...base,
        finding_types: base.finding_types.map((t) => ({
          ...t,
          details: { ...t.details, is_enabled: false, is_required_for_cert: false },
        })),
      },
      TEMPLATE_MESSAGES.oneInclude,
    ],
    [
      'required for certification without Include',
      {
        ...base,
        finding_types: base.finding_types.map((t) =>
          t.code === 'A' ? { ...t, details: { ...t.details, is_required_for_cert: true } } : t,
        ),
      },
      TEMPLATE_MESSAGES.includeForCert,
    ],
  ])('%s', (_name, version, message) => {
    expect(templateIssues(version)).toContain(message);
  });

  it('quotes the spec', () => {
    expect(TEMPLATE_MESSAGES.oneInclude).toBe('Atleast one Include must be enabled');
    expect(TEMPLATE_MESSAGES.inspectionDate).toBe(
      "Template must contain question with 'Inspection Date' feature",
    );
  });
});
