import { DEFAULT_CONDITION_OPTIONS } from '../template-model';
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
      inspectorQuestion('cdot-inspector', 'Inspector'),
      inspectionDateQuestion('cdot-date', 'Inspection date and time'),
      inspectionTypeQuestion('cdot', 'Inspection type', 100),
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
  ...signatures('cdot', { inspection: signer('inspector', 'Inspector') }),
  condition_options: [...DEFAULT_CONDITION_OPTIONS],
  control_measure_required: true,
  post_storm_questions: [
    { questionId: 'cdot-date' },
    { questionId: 'cdot-precip' },
    { questionId: 'cdot-weather' },
  ],
};
