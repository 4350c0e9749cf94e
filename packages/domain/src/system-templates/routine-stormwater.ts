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
 * 'Routine Stormwater Inspection': a construction stormwater inspection in the shape of the EPA
 * 2022 Construction General Permit inspection report (Part 4 and its Appendix), holding every
 * question type of spec 002 §2, with inspection, acknowledgement and compliance signatures.
 */
export const ROUTINE_STORMWATER: TemplateVersion = {
  templateId: 'routine-stormwater',
  version: 1,
  name: 'Routine Stormwater Inspection',
  kind: 'standard',
  has_acknowledgement: true,
  has_compliance_cert: true,
  question_groups: [
    group('rs-info', 'Inspection Information', 1, [
      question('rs-intro', 'descriptive_text', 'About this report', {
        description:
          'Complete this report at every routine inspection, and within 24 hours of a storm event of 0.25 inches or more (2022 CGP Part 4.2).',
      }),
      inspectorQuestion('rs-inspector', 'Inspector name'),
      question('rs-qualifications', 'text', 'Inspector qualifications', { width: 50 }),
      inspectionDateQuestion('rs-date', 'Inspection date and time'),
      inspectionTypeQuestion('rs', 'Inspection type'),
      question('rs-time-on-site', 'time', 'Time on site', { width: 50 }),
      question('rs-phase', 'select', 'Current phase of construction', {
        required: true,
        options: options('rs-phase', [
          'Clearing and grubbing',
          'Mass grading',
          'Utilities',
          'Vertical construction',
          'Final stabilization',
        ]),
        width: 50,
      }),
    ]),
    group('rs-weather', 'Weather', 2, [
      question('rs-weather-now', 'text', 'Weather at the time of the inspection', { required: true }),
      question('rs-storm', 'radio_group', 'Has there been a storm event since the last inspection?', {
        required: true,
        options: [
          option('rs-storm-yes', 'Yes', [
            question('rs-storm-date', 'date', 'Date the storm event ended', {
              required: true,
              width: 50,
              mayBeFuture: false,
            }),
            question('rs-storm-rain', 'number', 'Rainfall of the storm event (inches)', {
              required: true,
              width: 50,
            }),
          ]),
          option('rs-storm-no', 'No'),
        ],
      }),
      question('rs-rain-total', 'number', 'Rainfall since the last inspection (inches)', { width: 50 }),
      question(
        'rs-discharge-now',
        'boolean_na',
        'Was stormwater discharging from the site during the inspection?',
        { width: 50 },
      ),
    ]),
    group(
      'rs-controls',
      'Control Measures',
      3,
      [
        question('rs-cm-perimeter', 'boolean_na', 'Perimeter controls (silt fence, fiber rolls, berms)', {
          required: true,
        }),
        question('rs-cm-inlets', 'boolean_na', 'Storm drain inlet protection', { required: true }),
        question('rs-cm-entrance', 'boolean_na', 'Stabilized construction exit and track-out controls', {
          required: true,
        }),
        question('rs-cm-stockpiles', 'boolean_na', 'Stockpile and land-clearing debris controls', {
          required: true,
        }),
        question('rs-cm-basins', 'boolean_na', 'Sediment basins and traps', { required: true }),
      ],
      {
        layout: 'TABLE',
        description: 'Is each control measure installed, operating and maintained (2022 CGP Part 2.2)?',
        headers: ['Control measure', 'Installed and effective?'],
      },
    ),
    group('rs-stabilization', 'Stabilization', 4, [
      question('rs-stab-measures', 'multiselect', 'Stabilization measures in place', {
        options: options('rs-stab', [
          'Temporary seeding',
          'Mulch',
          'Erosion control blanket',
          'Permanent vegetation',
          'Rock or riprap',
        ]),
      }),
      question(
        'rs-stab-deadlines',
        'boolean',
        'Are the stabilization deadlines being met (2022 CGP Part 2.2.14)?',
        { required: true },
      ),
      question('rs-stab-areas', 'textarea', 'Areas that need stabilization'),
    ]),
    group('rs-pollution', 'Pollution Prevention', 5, [
      question('rs-pp-inspected', 'checkbox', 'Pollution prevention measures inspected', {
        options: options('rs-pp', [
          'Concrete washout',
          'Fuel and chemical storage',
          'Waste containers',
          'Dewatering',
          'Spill kits',
        ]),
      }),
      question('rs-pp-condition', 'select', 'Condition of the pollution prevention measures', {
        required: true,
        options: options('rs-ppc', ['No issues', 'Minor issues', 'Significant issues']),
      }),
    ]),
    group('rs-discharge', 'Discharge Points', 6, [
      question(
        'rs-discharge-evidence',
        'radio_group',
        'Is there evidence of sediment or pollutants discharged at any discharge point?',
        {
          required: true,
          options: [
            option('rs-discharge-yes', 'Yes', [
              question(
                'rs-discharge-describe',
                'textarea',
                'Describe the discharge: colour, odour, floating solids, sheen, and where it went',
                {
                  required: true,
                },
              ),
            ]),
            option('rs-discharge-no', 'No'),
          ],
        },
      ),
    ]),
    group('rs-corrective', 'Corrective Actions', 7, [
      question('rs-ca-findings', 'finding_array', 'Corrective actions found or still open', {
        description: 'Open corrective actions, and those completed since the inspection date.',
      }),
      question('rs-notes', 'textarea', 'Other observations'),
      question(
        'rs-walked',
        'single_checkbox',
        'I walked every disturbed area, control measure and discharge point of the site.',
        {
          required: true,
        },
      ),
      question('rs-next', 'date', 'Date of the next scheduled inspection', { mayBeFuture: true }),
    ]),
  ],
  finding_types: STATIC_FINDING_TYPES,
  ...signatures('rs', {
    inspection: signer('inspector', 'Inspector'),
    acknowledgement: true,
    compliance: signer('operator', 'Operator or duly authorized representative'),
  }),
  condition_options: [],
  control_measure_required: false,
  post_storm_questions: [
    { questionId: 'rs-date' },
    { questionId: 'rs-rain-total' },
    { questionId: 'rs-weather-now' },
    { questionId: 'rs-discharge-evidence' },
  ],
};
