import { configIssues } from './question-config';
import {
  allQuestions,
  INSPECTION_TYPES,
  OPTION_TYPES,
  QUESTION_TYPE_IDS,
  SIGNATURE_GROUP_TITLES,
} from './template-model';
import type { TemplateVersion } from './template-model';

/**
 * What makes a template version valid (spec 002 §5 Template editor), for the system templates'
 * test now and the template editor's save later.
 */
export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  inspectionType: "Template must contain question with 'Inspection Type' feature",
  inspectionDate: "Template must contain question with 'Inspection Date' feature",
  inspectionTypeOptions: `The options of the 'Inspection Type' question are inspection types: ${INSPECTION_TYPES.join(', ')}`,
  oneInclude: 'Atleast one Include must be enabled',
  includeForCert: 'Include must be enabled',
  duplicateFindingType: 'This finding type name already exist. Please try another.',
  labelRequired: 'Question type and input label are required',
  groupRequired: 'Question group name and layout_type are required',
  optionsOnlyForOptionTypes: 'An options list applies only to option-based types',
  optionsRequired: 'Please add the options of this question',
  attestationRequired: 'Attestation statement is required',
  lineLabels: 'Signature line role and user labels are required',
  duplicateId: (id: string) => `The id ${id} is used twice`,
  groupWithoutLines: (title: string) => `The ${title} group needs at least one signature line`,
} as const;

export function templateIssues(version: TemplateVersion): string[] {
  const issues: string[] = [];
  if (!version.name.trim()) issues.push(TEMPLATE_MESSAGES.nameRequired);
  const questions = allQuestions(version);
  const count = (feature: 'inspection_type' | 'inspection_date') =>
    questions.filter((q) => q.features.includes(feature)).length;
  if (count('inspection_type') !== 1) issues.push(TEMPLATE_MESSAGES.inspectionType);
  if (count('inspection_date') !== 1) issues.push(TEMPLATE_MESSAGES.inspectionDate);
  const typeQuestion = questions.find((q) => q.features.includes('inspection_type'));
  if (
    typeQuestion &&
    !typeQuestion.options.every((o) => (INSPECTION_TYPES as readonly string[]).includes(o.name))
  )
    issues.push(TEMPLATE_MESSAGES.inspectionTypeOptions);
  for (const group of version.question_groups)
    if (!group.name.trim() || !['FORM', 'TABLE'].includes(group.layout_type))
      issues.push(TEMPLATE_MESSAGES.groupRequired);
  for (const q of questions) {
    if (!q.input_label.trim() || !QUESTION_TYPE_IDS.includes(q.question_type_id))
      issues.push(TEMPLATE_MESSAGES.labelRequired);
    const optionType = OPTION_TYPES.includes(q.question_type_id);
    if (optionType && q.options.length === 0)
      issues.push(`${q.input_label}: ${TEMPLATE_MESSAGES.optionsRequired}`);
    if (!optionType && q.options.length > 0)
      issues.push(`${q.input_label}: ${TEMPLATE_MESSAGES.optionsOnlyForOptionTypes}`);
    // A configuration that came in another way than the editor's checked call (an import).
    for (const issue of configIssues(q.question_type_id, q.config ?? {}))
      issues.push(`${q.input_label}: ${issue.message}`);
  }
  const ids = [
    ...version.question_groups.map((g) => g.id),
    ...questions.flatMap((q) => [q.id, ...q.options.map((o) => o.id)]),
  ];
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) issues.push(TEMPLATE_MESSAGES.duplicateId(id));
    seen.add(id);
  }
  if (!version.finding_types.some((t) => t.details.is_enabled)) issues.push(TEMPLATE_MESSAGES.oneInclude);
  if (version.finding_types.some((t) => t.details.is_required_for_cert && !t.details.is_enabled))
    issues.push(TEMPLATE_MESSAGES.includeForCert);
  const names = version.finding_types.map((t) => t.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) issues.push(TEMPLATE_MESSAGES.duplicateFindingType);
  for (const a of version.attestations)
    if (!a.content.trim()) issues.push(TEMPLATE_MESSAGES.attestationRequired);
  for (const lines of Object.values(version.signature_groups))
    for (const line of lines ?? [])
      if (!line.roleFieldLabel.trim() || !line.userFieldLabel.trim())
        issues.push(TEMPLATE_MESSAGES.lineLabels);
  if (!version.signature_groups.inspection?.length)
    issues.push('A template needs an inspection signature line');
  // A group the template turns on is signed on every inspection: it needs a line to sign.
  if (version.has_acknowledgement && !version.signature_groups.acknowledgement?.length)
    issues.push(TEMPLATE_MESSAGES.groupWithoutLines(SIGNATURE_GROUP_TITLES.acknowledgement));
  if (version.has_compliance_cert && !version.signature_groups.compliance?.length)
    issues.push(TEMPLATE_MESSAGES.groupWithoutLines(SIGNATURE_GROUP_TITLES.compliance));
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const ref of version.post_storm_questions)
    if (!byId.has(ref.questionId))
      issues.push(`The post-storm question ${ref.questionId} is not in the template`);
  return issues;
}
