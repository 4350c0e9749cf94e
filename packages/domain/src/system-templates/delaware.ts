import type { TemplateVersion } from '../template-model';
import {
  group,
  inspectionDateQuestion,
  inspectionTypeQuestion,
  inspectorQuestion,
  options,
  question,
  signatures,
  signer,
  STATIC_FINDING_TYPES,
} from './build';

/**
 * 'Delaware': a construction review (CCR) inspection in the manner of Delaware's sediment and
 * stormwater program: the certified construction reviewer's report with the contractor's
 * acknowledgement (spec 000 §9 lists 'Delaware' among the CCR templates).
 */
export const DELAWARE: TemplateVersion = {
  templateId: 'delaware',
  version: 1,
  name: 'Delaware',
  kind: 'standard',
  has_acknowledgement: true,
  has_compliance_cert: true,
  question_groups: [
    group('de-general', 'Construction Review', 1, [
      inspectorQuestion('de-reviewer', 'Certified construction reviewer'),
      question('de-ccr-number', 'text', 'CCR certification number', { width: 50 }),
      inspectionDateQuestion('de-date', 'Review date and time'),
      inspectionTypeQuestion('de', 'Review type'),
      question('de-weather', 'text', 'Weather', { required: true }),
      question('de-rain', 'number', 'Rainfall in the last 24 hours (inches)'),
    ]),
    group('de-site', 'Site Conditions', 2, [
      question('de-plan', 'boolean', 'Is the approved sediment and stormwater plan on site?', {
        required: true,
      }),
      question('de-sequence', 'select', 'Is construction following the approved sequence?', {
        required: true,
        options: options('de-seq', ['Yes', 'No: deviations noted below', 'Not yet started']),
      }),
      question('de-controls', 'boolean_na', 'Are the sediment controls installed as shown on the plan?', {
        required: true,
      }),
      question('de-notes', 'textarea', 'Deviations and observations'),
    ]),
    group('de-actions', 'Corrective Actions', 3, [question('de-ca', 'finding_array', 'Corrective actions')]),
  ],
  finding_types: STATIC_FINDING_TYPES,
  ...signatures('de', {
    inspection: signer('reviewer', 'Certified Construction Reviewer'),
    acknowledgement: true,
    compliance: signer('owner', 'Owner or authorized representative'),
  }),
  condition_options: [],
  control_measure_required: false,
  post_storm_questions: [{ questionId: 'de-date' }, { questionId: 'de-rain' }, { questionId: 'de-weather' }],
};
