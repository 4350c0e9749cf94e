import type { TemplateVersion } from '../template-model';
import {
  group,
  inspectionDateQuestion,
  inspectionTypeQuestion,
  inspectorQuestion,
  option,
  options,
  question,
  signatures,
  signer,
  STATIC_FINDING_TYPES,
} from './build';

/**
 * 'EPA Construction General Permit': the 2022 CGP inspection report's sections in order, with the
 * permit's own fields (NPDES tracking number, the inspection frequency chosen under Part 4.2) and
 * the 40 CFR 122.22 certification for compliance.
 */
export const EPA_CGP: TemplateVersion = {
  templateId: 'epa-cgp',
  version: 1,
  name: 'EPA Construction General Permit',
  kind: 'standard',
  has_acknowledgement: false,
  has_compliance_cert: true,
  question_groups: [
    group('cgp-general', 'General Information', 1, [
      question('cgp-tracking', 'text', 'NPDES ID (permit tracking number)', { required: true, width: 50 }),
      inspectorQuestion('cgp-inspector', 'Inspector name'),
      inspectionDateQuestion('cgp-date', 'Date and start time of the inspection'),
      inspectionTypeQuestion('cgp', 'Type of inspection'),
      question('cgp-frequency', 'select', 'Inspection frequency (Part 4.2)', {
        required: true,
        options: options('cgp-freq', [
          'At least once every 7 calendar days',
          'Once every 14 days and within 24 hours of a 0.25 inch storm',
          'Reduced frequency (stabilized areas, frozen conditions, arid areas)',
        ]),
      }),
      question('cgp-end-time', 'time', 'End time of the inspection', { width: 50 }),
    ]),
    group('cgp-weather-info', 'Weather Information', 2, [
      question('cgp-weather', 'text', 'Weather at the time of the inspection', { required: true }),
      question('cgp-storm', 'radio_group', 'Has a storm event occurred since the last inspection?', {
        required: true,
        options: [
          option('cgp-storm-yes', 'Yes', [
            question('cgp-storm-start', 'datetime', 'Storm start date and time', {
              width: 50,
              mayBeFuture: false,
            }),
            question('cgp-storm-rain', 'number', 'Approximate amount of rainfall (inches)', {
              required: true,
              width: 50,
            }),
          ]),
          option('cgp-storm-no', 'No'),
        ],
      }),
      question(
        'cgp-discharge-during',
        'boolean',
        'Do you suspect that discharges may have occurred since the last inspection?',
        {
          required: true,
        },
      ),
    ]),
    group(
      'cgp-controls',
      'Condition and Effectiveness of Erosion and Sediment Controls',
      3,
      [
        question('cgp-c-perimeter', 'boolean_na', 'Perimeter controls', { required: true }),
        question('cgp-c-inlets', 'boolean_na', 'Inlet protection', { required: true }),
        question('cgp-c-trackout', 'boolean_na', 'Construction exit and track-out', { required: true }),
        question('cgp-c-dewatering', 'boolean_na', 'Dewatering controls', { required: true }),
      ],
      { layout: 'TABLE', headers: ['Control', 'Installed and working?'] },
    ),
    group('cgp-stabilization', 'Stabilization of Exposed Soil', 4, [
      question('cgp-stab-done', 'multiselect', 'Stabilization methods used', {
        options: options('cgp-stab', ['Seed and mulch', 'Hydromulch', 'Erosion control blanket', 'Gravel']),
      }),
      question('cgp-stab-notes', 'textarea', 'Stabilization notes'),
    ]),
    group('cgp-pollution', 'Condition and Effectiveness of Pollution Prevention Practices', 5, [
      question('cgp-pp', 'checkbox', 'Practices in place', {
        options: options('cgp-pp', [
          'Spill kits',
          'Secondary containment',
          'Covered waste',
          'Concrete washout',
        ]),
      }),
    ]),
    group('cgp-corrective', 'Corrective Actions Required', 6, [
      question('cgp-ca', 'finding_array', 'Corrective actions (Part 5)'),
      question('cgp-signed-walk', 'single_checkbox', 'Every area required by Part 4.1 was inspected.', {
        required: true,
      }),
    ]),
  ],
  finding_types: STATIC_FINDING_TYPES,
  ...signatures('cgp', {
    inspection: signer('inspector', 'Inspector', 'Qualifications'),
    compliance: signer('operator', 'Permittee or duly authorized representative', 'Title'),
  }),
  condition_options: [],
  control_measure_required: false,
  post_storm_questions: [
    { questionId: 'cgp-date' },
    { questionId: 'cgp-weather' },
    { questionId: 'cgp-storm' },
  ],
};
