import { DEFAULT_CONDITION_OPTIONS, INSPECTION_TYPES } from '../template-model';
import type { TemplateVersion } from '../template-model';
import {
  attestation,
  group,
  INSPECTOR_ATTESTATION,
  option,
  options,
  question,
  STATIC_FINDING_TYPES,
} from './build';

/**
 * 'CDOT': a transportation-project stormwater inspection in the manner of the Colorado
 * Department of Transportation's field form: every finding names its Control Measure and its
 * Condition (spec 002 §9's Condition Group); exempt from the creation rule (spec 000 §4).
 */
export const CDOT: TemplateVersion = {
  templateId: 'cdot',
  version: 1,
  name: 'CDOT',
  kind: 'cdot',
  has_acknowledgement: false,
  has_compliance_cert: false,
  question_groups: [
    group('cdot-general', 'Project and Inspection', 1, [
      question('cdot-inspector', 'text', 'Inspector', {
        required: true,
        features: ['default_current_user'],
        width: 50,
      }),
      question('cdot-date', 'datetime', 'Inspection date and time', {
        required: true,
        features: ['inspection_date'],
        width: 50,
      }),
      question('cdot-type', 'radio_group', 'Inspection type', {
        required: true,
        features: ['inspection_type'],
        options: INSPECTION_TYPES.map((name, i) => option(`cdot-type-${i + 1}`, name)),
      }),
      question('cdot-phase', 'select', 'Project phase', {
        required: true,
        options: options('cdot-phase', ['Pre-construction', 'Interim', 'Final stabilization']),
      }),
    ]),
    group('cdot-conditions', 'Site Conditions', 2, [
      question('cdot-weather', 'text', 'Weather', { required: true }),
      question('cdot-precip', 'number', 'Precipitation since the last inspection (inches)'),
      question(
        'cdot-erosion',
        'boolean',
        'Is there evidence of erosion or sediment leaving the right of way?',
        { required: true },
      ),
      question('cdot-notes', 'textarea', 'Notes'),
    ]),
  ],
  finding_types: STATIC_FINDING_TYPES,
  signature_groups: {
    inspection: [
      { type: 'inspector', label: 'Inspector', roleFieldLabel: 'Position', userFieldLabel: 'Full Name' },
    ],
  },
  attestations: [attestation('cdot-att-inspection', 'inspection', INSPECTOR_ATTESTATION)],
  condition_options: [...DEFAULT_CONDITION_OPTIONS],
  control_measure_required: true,
  post_storm_questions: [
    { questionId: 'cdot-date' },
    { questionId: 'cdot-precip' },
    { questionId: 'cdot-weather' },
  ],
};
