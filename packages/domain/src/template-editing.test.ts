import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { EPA_CGP } from './system-templates/epa-cgp';
import { SYSTEM_TEMPLATES } from './system-templates';
import {
  addAcknowledgement,
  addFindingType,
  addGroup,
  addQuestion,
  applyConditionGroup,
  assertTemplateSize,
  copyContent,
  deleteFindingType,
  deleteGroup,
  deleteQuestion,
  emptyContent,
  featureWarnings,
  findQuestion,
  importedContent,
  importIssues,
  PICKER_QUESTION_TYPES,
  partId,
  setAttestations,
  setComplianceCertificate,
  setSignatureLines,
  swapGroups,
  TEMPLATE_EDIT_MESSAGES,
  templateIdOfPart,
  updateFindingType,
  updateGroup,
  updateQuestion,
  type TemplateContent,
} from './template-editing';
import { DEFAULT_ACKNOWLEDGEMENT_TEXT, DEFAULT_CONDITION_OPTIONS, allQuestions } from './template-model';
import { templateIssues } from './template-rules';

const TEMPLATE = '0f6b7a52-1c1d-4c6e-9b43-4d7f0c8e2a11';
let counter = 0;
const newId = () => partId(TEMPLATE, `p${++counter}`);
const empty = (): TemplateContent => emptyContent('Site template', newId);
const refusal = (change: () => unknown) => {
  try {
    change();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return null;
};
const groupIds = (c: TemplateContent) =>
  [...c.question_groups].sort((a, b) => a.order - b.order).map((g) => g.name);

describe('a new template (spec 002 §4: a template needs the two features)', () => {
  it('is publishable as it is: the two questions, the static finding types, a signature line', () => {
    const content = empty();
    expect(templateIssues({ ...content, templateId: TEMPLATE, version: 1 })).toEqual([]);
    expect(featureWarnings(content)).toEqual([]);
    expect(content.finding_types.map((t) => [t.code, t.is_static_type])).toEqual([
      ['CA', true],
      ['MI', true],
      ['A', true],
    ]);
    expect(content.signature_groups.inspection).toEqual([
      { type: 'inspector', label: null, roleFieldLabel: 'Position', userFieldLabel: 'Full Name' },
    ]);
  });

  it('warns, word for word, while a required feature is missing', () => {
    const content = empty();
    const date = allQuestions(content).find((q) => q.features.includes('inspection_date'))!;
    const type = allQuestions(content).find((q) => q.features.includes('inspection_type'))!;
    expect(featureWarnings(deleteQuestion(content, date.id))).toEqual([
      "Template must contain question with 'Inspection Date' feature",
    ]);
    expect(featureWarnings(deleteQuestion(deleteQuestion(content, date.id), type.id))).toEqual([
      "Template must contain question with 'Inspection Type' feature",
      "Template must contain question with 'Inspection Date' feature",
    ]);
  });
});

describe('question groups (spec 002 §2, §5, §7)', () => {
  it.each([
    ['a name', { name: '  ', layout_type: 'FORM' as const }],
    ['a layout', { name: 'Outfalls', layout_type: 'GRID' as unknown as 'FORM' }],
  ])('need %s: "Question group name and layout_type are required"', (_what, input) => {
    expect(refusal(() => addGroup(empty(), newId(), input))).toBe(
      'Question group name and layout_type are required',
    );
  });

  it('are added last, swapped two at a time, edited and deleted', () => {
    let content = addGroup(empty(), 'g-outfalls', {
      name: 'Outfalls',
      layout_type: 'TABLE',
      table_headers: ['Yes', 'No'],
    });
    content = addGroup(content, 'g-perimeter', { name: 'Perimeter', layout_type: 'FORM' });
    expect(groupIds(content)).toEqual(['Inspection', 'Outfalls', 'Perimeter']);
    content = swapGroups(content, 'g-perimeter', 'g-outfalls');
    expect(groupIds(content)).toEqual(['Inspection', 'Perimeter', 'Outfalls']);
    content = updateGroup(content, 'g-perimeter', {
      name: 'Site perimeter',
      layout_type: 'FORM',
      description: 'Fences',
    });
    expect(content.question_groups.find((g) => g.id === 'g-perimeter')).toMatchObject({
      name: 'Site perimeter',
      description: 'Fences',
    });
    content = deleteGroup(content, 'g-outfalls');
    expect(groupIds(content)).toEqual(['Inspection', 'Site perimeter']);
    expect(refusal(() => swapGroups(content, 'g-perimeter', 'g-outfalls'))).toBe('Question group not found');
  });
});

describe('questions (spec 002 §5)', () => {
  const withTable = () =>
    addGroup(empty(), 'g-table', {
      name: 'Outfalls',
      layout_type: 'TABLE',
      table_headers: ['Yes', 'No', 'N/A'],
    });

  it.each([
    [
      'no label',
      { input_label: ' ', question_type_id: 'text' as const },
      'Question type and input label are required',
    ],
    [
      'options on a text question',
      { input_label: 'Notes', question_type_id: 'text' as const, options: [{ name: 'A' }] },
      'An options list applies only to option-based types',
    ],
    [
      'no options on a select',
      { input_label: 'Pick', question_type_id: 'select' as const },
      'Please add the options of this question',
    ],
    [
      'a width over 100',
      { input_label: 'Notes', question_type_id: 'text' as const, questionWidth: 120 },
      'The width is a percentage from 1 to 100',
    ],
    [
      'Single Checkbox, left out of the picker',
      { input_label: 'Tick', question_type_id: 'single_checkbox' as const },
      'Questions of the type Single Checkbox cannot be added',
    ],
    [
      "'Inspection Date' on a text question",
      { input_label: 'When', question_type_id: 'text' as const, features: ['inspection_date' as const] },
      "The 'Inspection Date' feature applies to Date and Date + Time questions only",
    ],
    [
      "a second 'Inspection Type'",
      {
        input_label: 'Kind',
        question_type_id: 'radio_group' as const,
        options: [{ name: 'Routine' }],
        features: ['inspection_type' as const],
      },
      "The question 'Inspection Type' has the 'Inspection Type' feature already",
    ],
  ])('refuse %s', (_what, input, message) => {
    const content = withTable();
    expect(refusal(() => addQuestion(content, { groupId: 'g-table' }, newId(), input, newId))).toBe(message);
  });

  it('the picker offers every type but those spec 002 §5 leaves out', () => {
    expect(PICKER_QUESTION_TYPES.map((t) => t.label)).not.toContain('Single Checkbox');
    expect(PICKER_QUESTION_TYPES.map((t) => t.label)).toEqual(
      expect.arrayContaining(['Select One', 'Yes/No/N/A', 'Date + Time', 'Text Area', 'Number']),
    );
  });

  it('an empty width is 100, and a TABLE group hides width: its questions are always 100', () => {
    let content = withTable();
    content = addGroup(content, 'g-form', { name: 'Perimeter', layout_type: 'FORM' });
    content = addQuestion(
      content,
      { groupId: 'g-form' },
      'q-notes',
      { input_label: 'Notes', question_type_id: 'textarea', questionWidth: null },
      newId,
    );
    content = addQuestion(
      content,
      { groupId: 'g-form' },
      'q-half',
      { input_label: 'Gauge', question_type_id: 'number', questionWidth: 50 },
      newId,
    );
    content = addQuestion(
      content,
      { groupId: 'g-table' },
      'q-row',
      { input_label: 'Outfall 1', question_type_id: 'boolean_na', questionWidth: 30 },
      newId,
    );
    expect(findQuestion(content, 'q-notes').question.questionWidth).toBe(100);
    expect(findQuestion(content, 'q-half').question.questionWidth).toBe(50);
    expect(findQuestion(content, 'q-row').question.questionWidth).toBe(100);
    // Moving a question into a TABLE group, or turning its group into one, takes its width to 100.
    content = updateQuestion(
      content,
      'q-half',
      {
        input_label: 'Gauge',
        question_type_id: 'number',
        questionWidth: 50,
        groupId: 'g-table',
        sort_order: 0,
      },
      newId,
    );
    expect(findQuestion(content, 'q-half')).toMatchObject({
      group: { id: 'g-table' },
      question: { questionWidth: 100, sort_order: 0 },
    });
    expect(findQuestion(content, 'q-row').question.sort_order).toBe(1);
  });

  it('moves between groups by sort_order and groupId, renumbering both groups', () => {
    let content = addGroup(empty(), 'g-a', { name: 'A', layout_type: 'FORM' });
    content = addGroup(content, 'g-b', { name: 'B', layout_type: 'FORM' });
    for (const id of ['a1', 'a2', 'a3'])
      content = addQuestion(
        content,
        { groupId: 'g-a' },
        id,
        { input_label: id, question_type_id: 'text' },
        newId,
      );
    content = addQuestion(
      content,
      { groupId: 'g-b' },
      'b1',
      { input_label: 'b1', question_type_id: 'text' },
      newId,
    );
    content = updateQuestion(
      content,
      'a1',
      { input_label: 'a1', question_type_id: 'text', groupId: 'g-b', sort_order: 1 },
      newId,
    );
    const order = (groupId: string) =>
      [...content.question_groups.find((g) => g.id === groupId)!.questions]
        .sort((x, y) => x.sort_order - y.sort_order)
        .map((q) => `${q.id}:${q.sort_order}`);
    expect(order('g-a')).toEqual(['a2:0', 'a3:1']);
    expect(order('g-b')).toEqual(['b1:0', 'a1:1']);
    content = updateQuestion(
      content,
      'a3',
      { input_label: 'a3', question_type_id: 'text', sort_order: 0 },
      newId,
    );
    expect(order('g-a')).toEqual(['a3:0', 'a2:1']);
  });

  it('child questions hang under an option, one level deep, and keep it when the options are edited', () => {
    let content = addGroup(empty(), 'g-a', { name: 'A', layout_type: 'FORM' });
    content = addQuestion(
      content,
      { groupId: 'g-a' },
      'q-silt',
      {
        input_label: 'Silt fence in place?',
        question_type_id: 'radio_group',
        options: [{ name: 'Yes' }, { name: 'No' }],
      },
      newId,
    );
    const no = findQuestion(content, 'q-silt').question.options[1]!;
    content = addQuestion(
      content,
      { groupId: 'g-a', under: { questionId: 'q-silt', optionId: no.id } },
      'q-why',
      { input_label: 'Why not?', question_type_id: 'textarea' },
      newId,
    );
    expect(findQuestion(content, 'q-why').parent).toMatchObject({
      question: { id: 'q-silt' },
      option: { name: 'No' },
    });
    expect(
      refusal(() =>
        addQuestion(
          content,
          { groupId: 'g-a', under: { questionId: 'q-why', optionId: no.id } },
          'q-deeper',
          { input_label: 'Deeper', question_type_id: 'text' },
          newId,
        ),
      ),
    ).toBe('A child question cannot have child questions of its own');
    // Renaming the options keeps the child under the option it was given, by id.
    content = updateQuestion(
      content,
      'q-silt',
      {
        input_label: 'Silt fence in place?',
        question_type_id: 'radio_group',
        options: [{ id: no.id, name: 'Not yet' }, { name: 'Yes' }],
      },
      newId,
    );
    expect(findQuestion(content, 'q-silt').question.options[0]).toMatchObject({
      name: 'Not yet',
      child_questions: [{ id: 'q-why' }],
    });
    // One option sent twice would copy its child questions: refused.
    expect(
      refusal(() =>
        updateQuestion(
          content,
          'q-silt',
          {
            input_label: 'Silt fence in place?',
            question_type_id: 'radio_group',
            options: [
              { id: no.id, name: 'Not yet' },
              { id: no.id, name: 'Again' },
            ],
          },
          newId,
        ),
      ),
    ).toBe('An option is listed twice: each option may appear once');
    content = deleteQuestion(content, 'q-why');
    expect(findQuestion(content, 'q-silt').question.options[0]!.child_questions).toEqual([]);
  });

  it("an 'Inspection Date' question may never be in the future; another date question may be, when marked", () => {
    let content = addGroup(empty(), 'g-a', { name: 'A', layout_type: 'FORM' });
    content = addQuestion(
      content,
      { groupId: 'g-a' },
      'q-next',
      { input_label: 'Next inspection', question_type_id: 'date', may_be_future: true },
      newId,
    );
    expect(findQuestion(content, 'q-next').question.may_be_future).toBe(true);
    const date = allQuestions(content).find((q) => q.features.includes('inspection_date'))!;
    content = updateQuestion(
      content,
      date.id,
      {
        input_label: date.input_label,
        question_type_id: 'date',
        features: ['inspection_date'],
        may_be_future: true,
      },
      newId,
    );
    expect(findQuestion(content, date.id).question.may_be_future).toBe(false);
  });
});

describe('the Condition Group (spec 002 §2, §8, §9)', () => {
  it("is applied once with the default options; again is 'Condition Group already applied'", () => {
    const applied = applyConditionGroup(empty());
    expect(applied.condition_options.map((o) => o.label)).toEqual([
      '(I) Installation',
      '(M) BMP Maintenance',
      '(S) Street Sweeping',
      '(C) Contractor Responsibility',
      '(A) Additional Control Measure Needed',
      '(R) Remove Control Measure',
    ]);
    expect(applied.condition_options).toEqual(DEFAULT_CONDITION_OPTIONS);
    expect(refusal(() => applyConditionGroup(applied))).toBe('Condition Group already applied');
  });
});

describe('finding types (spec 002 §4, §5)', () => {
  const typeId = (c: TemplateContent, code: string) => c.finding_types.find((t) => t.code === code)!.id;

  it("'Atleast one Include must be enabled'", () => {
    let content = empty(); // CA and MI included, A not
    content = updateFindingType(content, typeId(content, 'MI'), { is_enabled: false });
    expect(refusal(() => updateFindingType(content, typeId(content, 'CA'), { is_enabled: false }))).toBe(
      'Atleast one Include must be enabled',
    );
  });

  it("requiring certification needs Include ('Include must be enabled'); turning Include off clears it", () => {
    let content = empty();
    expect(
      refusal(() => updateFindingType(content, typeId(content, 'A'), { is_required_for_cert: true })),
    ).toBe('Include must be enabled');
    content = updateFindingType(content, typeId(content, 'MI'), { is_required_for_cert: true });
    content = updateFindingType(content, typeId(content, 'MI'), { is_enabled: false });
    expect(content.finding_types.find((t) => t.code === 'MI')!.details).toMatchObject({
      is_enabled: false,
      is_required_for_cert: false,
    });
  });

  it("a duplicate name: 'This finding type name already exist. Please try another.'", () => {
    const content = addFindingType(empty(), newId(), { name: 'Washout', color: '#123456' });
    expect(refusal(() => addFindingType(content, newId(), { name: ' washout ' }))).toBe(
      'This finding type name already exist. Please try another.',
    );
  });

  it('a new type is included with the default colour; a static type keeps its name and cannot be deleted', () => {
    const id = newId();
    let content = addFindingType(empty(), id, { name: 'Washout' });
    expect(content.finding_types.at(-1)).toEqual({
      id,
      name: 'Washout',
      code: 'Washout',
      is_static_type: false,
      details: { is_enabled: true, is_required_for_cert: false, color: '#2FF363' },
    });
    content = updateFindingType(content, typeId(content, 'CA'), { name: 'Renamed', color: '#000000' });
    expect(content.finding_types.find((t) => t.code === 'CA')).toMatchObject({
      name: 'Corrective Action',
      details: { color: '#000000' },
    });
    expect(refusal(() => deleteFindingType(content, typeId(content, 'CA')))).toBe(
      'A static finding type cannot be deleted',
    );
    expect(deleteFindingType(content, id).finding_types.map((t) => t.code)).toEqual(['CA', 'MI', 'A']);
  });
});

describe('signatures and attestations (spec 002 §4, §5, §9)', () => {
  it('a line needs its role and user labels; the label is optional', () => {
    const content = empty();
    expect(
      refusal(() =>
        setSignatureLines(content, 'inspection', [{ roleFieldLabel: '', userFieldLabel: 'Name' }], newId),
      ),
    ).toBe('Signature line role and user labels are required');
    const next = setSignatureLines(
      content,
      'inspection',
      [
        { type: 'inspector', roleFieldLabel: 'Position', userFieldLabel: 'Full Name' },
        { label: 'Site manager', roleFieldLabel: 'Title', userFieldLabel: 'Name' },
      ],
      () => 'manager',
    );
    expect(next.signature_groups.inspection).toEqual([
      { type: 'inspector', label: null, roleFieldLabel: 'Position', userFieldLabel: 'Full Name' },
      { type: 'manager', label: 'Site manager', roleFieldLabel: 'Title', userFieldLabel: 'Name' },
    ]);
  });

  it('a line can be deleted only while more than one remains in its group', () => {
    expect(refusal(() => setSignatureLines(empty(), 'inspection', [], newId))).toBe(
      TEMPLATE_EDIT_MESSAGES.lastLine,
    );
  });

  it('Add Acknowledgement only when none exists, with the default text and line labels of §9', () => {
    const content = addAcknowledgement(empty(), 'att-ack', 'acknowledger');
    expect(content.has_acknowledgement).toBe(true);
    expect(content.attestations).toEqual([
      { id: 'att-ack', content: DEFAULT_ACKNOWLEDGEMENT_TEXT, signatureType: 'acknowledgement', order: 0 },
    ]);
    expect(DEFAULT_ACKNOWLEDGEMENT_TEXT).toBe(
      'I certify that this report is true, and complete, to the best of my knowledge and belief.',
    );
    expect(content.signature_groups.acknowledgement).toEqual([
      {
        type: 'acknowledger',
        label: null,
        roleFieldLabel: 'Inspector Qualifications',
        userFieldLabel: 'Inspector Name',
      },
    ]);
    expect(refusal(() => addAcknowledgement(content, 'again', 'again'))).toBe(
      TEMPLATE_EDIT_MESSAGES.acknowledgementExists,
    );
  });

  it('a compliance certificate turned on gets a line with the default labels; off keeps the lines', () => {
    const on = setComplianceCertificate(empty(), true);
    expect(on.has_compliance_cert).toBe(true);
    expect(on.signature_groups.compliance).toEqual([
      { type: 'compliance', label: null, roleFieldLabel: 'Position', userFieldLabel: 'Full Name' },
    ]);
    const off = setComplianceCertificate(on, false);
    expect(off).toMatchObject({
      has_compliance_cert: false,
      signature_groups: { compliance: on.signature_groups.compliance },
    });
  });

  it("an attestation's statement is required", () => {
    expect(refusal(() => setAttestations(empty(), 'inspection', [{ content: '  ' }], newId))).toBe(
      'Attestation statement is required',
    );
    const next = setAttestations(empty(), 'inspection', [{ content: 'I **certify** this.' }], () => 'att-1');
    expect(next.attestations).toEqual([
      { id: 'att-1', content: 'I **certify** this.', signatureType: 'inspection', order: 0 },
    ]);
  });
});

describe('copies and ids (docs/decisions/0036)', () => {
  it('a copy of a system template has every id new and named after its template, and is as valid', () => {
    const { templateId: _t, version: _v, ...source } = EPA_CGP;
    const copy = copyContent(source, 'EPA copy', newId);
    const ids = (c: TemplateContent) => [
      ...c.question_groups.map((g) => g.id),
      ...allQuestions(c).flatMap((q) => [q.id, ...q.options.map((o) => o.id)]),
      ...c.finding_types.map((t) => t.id),
      ...c.attestations.map((a) => a.id),
    ];
    expect(ids(copy).every((id) => templateIdOfPart(id) === TEMPLATE)).toBe(true);
    expect(ids(copy).filter((id) => ids(source).includes(id))).toEqual([]);
    expect(allQuestions(copy).map((q) => q.input_label)).toEqual(
      allQuestions(source).map((q) => q.input_label),
    );
    expect(templateIssues({ ...copy, templateId: TEMPLATE, version: 1 })).toEqual([]);
    expect(copy.name).toBe('EPA copy');
  });

  it('a system template id names no template', () => {
    expect(templateIdOfPart('q-date')).toBeNull();
    expect(templateIdOfPart(partId(TEMPLATE, 'x1'))).toBe(TEMPLATE);
  });
});

describe('what the review found (issue 19)', () => {
  const { templateId: _t, version: _v, ...epa } = EPA_CGP;

  it('a deleted question leaves the post-storm entry, so the copy can still be published', () => {
    const copy = copyContent(epa, 'EPA copy', newId);
    const asked = copy.post_storm_questions[0]!.questionId;
    const place = findQuestion(copy, asked);
    const without = place.parent
      ? deleteQuestion(copy, place.parent.question.id)
      : deleteQuestion(copy, asked);
    expect(without.post_storm_questions.map((r) => r.questionId)).not.toContain(asked);
    expect(
      templateIssues({ ...without, templateId: TEMPLATE, version: 1 }).filter((i) =>
        i.includes('post-storm'),
      ),
    ).toEqual([]);
    const groupGone = deleteGroup(copy, place.group.id);
    expect(groupGone.post_storm_questions.map((r) => r.questionId)).not.toContain(asked);
  });

  it("a new finding type cannot take a static type's code ('ca' would count as Corrective Action)", () => {
    expect(refusal(() => addFindingType(empty(), newId(), { name: 'ca' }))).toBe(
      'This finding type name already exist. Please try another.',
    );
  });

  it("the 'Inspection Type' question's options are the inspection types", () => {
    const content = empty();
    const type = allQuestions(content).find((q) => q.features.includes('inspection_type'))!;
    expect(
      refusal(() =>
        updateQuestion(
          content,
          type.id,
          {
            input_label: 'Type',
            question_type_id: 'select',
            features: ['inspection_type'],
            options: [{ name: 'Weekly' }],
          },
          newId,
        ),
      ),
    ).toBe(
      "The options of the 'Inspection Type' question are inspection types: Routine, Post Storm, Routine + Post Storm",
    );
  });

  it('a template past 300 KB is refused with a 400, before the table would refuse it', () => {
    const big = {
      ...empty(),
      question_groups: [{ ...empty().question_groups[0]!, description: 'x'.repeat(310_000) }],
    };
    expect(refusal(() => assertTemplateSize(big))).toBe(
      'The template is too large: at most 300 KB of questions, options and texts',
    );
    expect(assertTemplateSize(empty())).toBeDefined();
  });

  it('a question may not become a type the picker leaves out, and a child question does not move on its own', () => {
    let content = addGroup(empty(), 'g-a', { name: 'A', layout_type: 'FORM' });
    content = addQuestion(
      content,
      { groupId: 'g-a' },
      'q-a',
      { input_label: 'A', question_type_id: 'radio_group', options: [{ name: 'Yes' }] },
      newId,
    );
    expect(
      refusal(() =>
        updateQuestion(content, 'q-a', { input_label: 'A', question_type_id: 'single_checkbox' }, newId),
      ),
    ).toBe('Questions of the type Single Checkbox cannot be added');
    const yes = findQuestion(content, 'q-a').question.options[0]!;
    content = addQuestion(
      content,
      { groupId: 'g-a', under: { questionId: 'q-a', optionId: yes.id } },
      'q-child',
      { input_label: 'Why', question_type_id: 'text' },
      newId,
    );
    expect(
      refusal(() =>
        updateQuestion(
          content,
          'q-child',
          { input_label: 'Why', question_type_id: 'text', sort_order: 0 },
          newId,
        ),
      ),
    ).toBe('A child question stays under its option; move its parent question instead');
  });

  it('two lines of a group cannot be the same line', () => {
    expect(
      refusal(() =>
        setSignatureLines(
          empty(),
          'inspection',
          [
            { type: 'inspector', roleFieldLabel: 'A', userFieldLabel: 'B' },
            { type: 'inspector', roleFieldLabel: 'C', userFieldLabel: 'D' },
          ],
          newId,
        ),
      ),
    ).toBe('Two signature lines of a group cannot be the same line');
  });
});

describe('importing a template file (issue 19: export and import)', () => {
  const contentOf = ({ templateId: _t, version: _v, ...content }: (typeof SYSTEM_TEMPLATES)[number]) =>
    content as TemplateContent;
  const IMPORTED = '9a1c2e44-7b3d-4f10-8c55-2d6e9f0a7b21';
  let n = 0;
  const importedId = () => partId(IMPORTED, `i${++n}`);
  const partIds = (c: TemplateContent) => [
    ...c.question_groups.map((g) => g.id),
    ...allQuestions(c).flatMap((q) => [q.id, ...q.options.map((o) => o.id)]),
    ...c.finding_types.map((t) => t.id),
    ...c.attestations.map((a) => a.id),
  ];
  const withoutIds = (c: TemplateContent) =>
    JSON.parse(
      JSON.stringify(c, (key, value: unknown) => (key === 'id' || key === 'questionId' ? 0 : value)),
    );

  it.each(SYSTEM_TEMPLATES.map((t) => [t.name, t] as const))(
    '%s imports as the same template with every part id new and named after the new template',
    (_name, template) => {
      const file = contentOf(template);
      expect(importIssues(file)).toEqual([]);
      const imported = importedContent(file, 'Imported', importedId);
      expect(partIds(imported).every((id) => templateIdOfPart(id) === IMPORTED)).toBe(true);
      expect(new Set(partIds(imported)).size).toBe(partIds(file).length);
      expect(withoutIds(imported)).toEqual({ ...withoutIds(file), name: 'Imported' });
      // The post-storm entry asks the same questions, by their new ids.
      const label = (c: TemplateContent, id: string) => findQuestion(c, id).question.input_label;
      expect(imported.post_storm_questions.map((r) => label(imported, r.questionId))).toEqual(
        file.post_storm_questions.map((r) => label(file, r.questionId)),
      );
      // Static finding types keep their codes (findings are counted by them).
      expect(imported.finding_types.map((t) => [t.code, t.is_static_type])).toEqual(
        file.finding_types.map((t) => [t.code, t.is_static_type]),
      );
    },
  );

  it('leaves the logo behind: its file belongs to the template it was uploaded to', () => {
    const imported = importedContent({ ...empty(), logo_GUID: 'a-logo' }, 'Imported', importedId);
    expect(imported.logo_GUID).toBeUndefined();
    expect(copyContent({ ...empty(), logo_GUID: 'a-logo' }, 'Copy', newId).logo_GUID).toBeUndefined();
  });

  it('takes a draft still missing a feature question (the editor warns of it, as for any draft)', () => {
    const draft = empty();
    const withoutDate = {
      ...draft,
      question_groups: draft.question_groups.map((g) => ({ ...g, questions: g.questions.slice(1) })),
    };
    expect(importIssues(withoutDate)).toEqual([]);
    expect(featureWarnings(importedContent(withoutDate, 'Draft', importedId))).toEqual([
      "Template must contain question with 'Inspection Date' feature",
    ]);
  });

  type Edit = (c: TemplateContent) => TemplateContent;
  const questionsEdited =
    (edit: (q: TemplateContent['question_groups'][number]['questions']) => unknown): Edit =>
    (c) => ({
      ...c,
      question_groups: c.question_groups.map((g, i) =>
        i === 0 ? { ...g, questions: edit(g.questions) as never } : g,
      ),
    });
  const typesEdited =
    (edit: (t: TemplateContent['finding_types']) => TemplateContent['finding_types']): Edit =>
    (c) => ({
      ...c,
      finding_types: edit(c.finding_types),
    });
  const CASES: [string, Edit, string][] = [
    [
      'two questions with the Inspection Date feature',
      questionsEdited((qs) => [...qs, { ...qs[0]!, id: 'second-date', input_label: 'Second date' }]),
      "The question 'Inspection Date' has the 'Inspection Date' feature already",
    ],
    [
      'a feature on a type it does not fit',
      questionsEdited((qs) => [
        { ...qs[0]!, question_type_id: 'text', may_be_future: undefined },
        ...qs.slice(1),
      ]),
      "Inspection Date: The 'Inspection Date' feature applies to Date and Date + Time questions only",
    ],
    [
      'a width past 100',
      questionsEdited((qs) => [{ ...qs[0]!, questionWidth: 150 }, ...qs.slice(1)]),
      'Inspection Date: The width is a percentage from 1 to 100',
    ],
    [
      'two questions with one id',
      questionsEdited((qs) => [qs[0]!, { ...qs[1]!, id: qs[0]!.id }]),
      'is used twice',
    ],
    [
      'a post-storm question that is not in the template',
      (c) => ({ ...c, post_storm_questions: [{ questionId: 'nowhere' }] }),
      'The post-storm question nowhere is not in the template',
    ],
    [
      'a new finding type taking a static code',
      typesEdited((ts) => [
        ...ts.filter((t) => t.code !== 'CA'),
        { id: 'x', name: 'CA', code: 'CA', is_static_type: false, details: ts[0]!.details },
      ]),
      'CA: Only the static finding types have the codes CA, MI, A, and they keep them',
    ],
    [
      'a finding type made static',
      typesEdited((ts) => [...ts, { ...ts[0]!, id: 'x', name: 'Erosion', code: 'Erosion' }]),
      'Erosion: Only the static finding types have the codes CA, MI, A, and they keep them',
    ],
    [
      'a colour that is not a hex colour',
      typesEdited((ts) =>
        ts.map((t, i) => (i === 0 ? { ...t, details: { ...t.details, color: 'red' } } : t)),
      ),
      'Corrective Action: The colour is a hex colour such as #2FF363',
    ],
    [
      'no finding type included',
      typesEdited((ts) =>
        ts.map((t) => ({ ...t, details: { ...t.details, is_enabled: false, is_required_for_cert: false } })),
      ),
      'Atleast one Include must be enabled',
    ],
    [
      'two signature lines of a group that are the same line',
      (c) => ({
        ...c,
        signature_groups: {
          inspection: [...c.signature_groups.inspection!, ...c.signature_groups.inspection!],
        },
      }),
      'Two signature lines of a group cannot be the same line',
    ],
    [
      'an acknowledgement turned on without a line to sign',
      (c) => ({
        ...c,
        has_acknowledgement: true,
        signature_groups: { ...c.signature_groups, acknowledgement: [] },
      }),
      'The Acknowledgement group needs at least one signature line',
    ],
    [
      'a compliance certificate without a line to sign',
      (c) => ({ ...c, has_compliance_cert: true }),
      'The Compliance Certification group needs at least one signature line',
    ],
    [
      'a built-in finding type left out (Corrective Action, the spec’s default type)',
      typesEdited((ts) => ts.filter((t) => t.code !== 'CA')),
      'The built-in finding type Corrective Action (CA) cannot be left out of a template',
    ],
    [
      'two finding types with one code',
      typesEdited((ts) => [
        ...ts,
        { ...ts[1]!, id: 'x', name: 'Another', code: 'Another' },
        { ...ts[1]!, id: 'y', name: 'Yet another', code: 'another' },
      ]),
      'Two finding types have the code another: each code may appear once',
    ],
  ];

  it.each(CASES)('refuses a file with %s, saying why', (_case, edit, message) => {
    const file = edit(empty());
    expect(importIssues(file).join('\n')).toContain(message);
    expect(refusal(() => importedContent(file, 'Refused', importedId))).toContain(message);
  });
});
