import { DEFAULT_ACKNOWLEDGEMENT_TEXT, INSPECTION_TYPES } from '../template-model';
import type { TemplateVersion } from '../template-model';
import {
  attestation,
  CFR_122_22,
  group,
  INSPECTOR_ATTESTATION,
  option,
  options,
  question,
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
      question('de-reviewer', 'text', 'Certified construction reviewer', {
        required: true,
        features: ['default_current_user'],
        width: 50,
      }),
      question('de-ccr-number', 'text', 'CCR certification number', { width: 50 }),
      question('de-date', 'datetime', 'Review date and time', {
        required: true,
        features: ['inspection_date'],
        width: 50,
      }),
      question('de-type', 'radio_group', 'Review type', {
        required: true,
        features: ['inspection_type'],
        options: INSPECTION_TYPES.map((name, i) => option(`de-type-${i + 1}`, name)),
        width: 50,
      }),
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
  signature_groups: {
    inspection: [
      {
        type: 'reviewer',
        label: 'Certified Construction Reviewer',
        roleFieldLabel: 'Position',
        userFieldLabel: 'Full Name',
      },
    ],
    acknowledgement: [
      {
        type: 'acknowledgement',
        label: null,
        roleFieldLabel: 'inspector qualifications',
        userFieldLabel: 'inspector name',
      },
    ],
    compliance: [
      {
        type: 'owner',
        label: 'Owner or authorized representative',
        roleFieldLabel: 'Position',
        userFieldLabel: 'Full Name',
      },
    ],
  },
  attestations: [
    attestation('de-att-inspection', 'inspection', INSPECTOR_ATTESTATION),
    attestation('de-att-acknowledgement', 'acknowledgement', DEFAULT_ACKNOWLEDGEMENT_TEXT),
    attestation('de-att-compliance', 'compliance', CFR_122_22),
  ],
  condition_options: [],
  control_measure_required: false,
  post_storm_questions: [{ questionId: 'de-date' }, { questionId: 'de-rain' }, { questionId: 'de-weather' }],
};
