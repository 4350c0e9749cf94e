import type { Db } from '@stormline/data/dynamo';
import { keys, nameOrder } from '@stormline/data/keys';
import { counterStep, putNewStep, transact } from '@stormline/data/transact';
import type { TemplateProjectOptions } from '@stormline/domain/project-rules';

/**
 * Demo inspection templates (the inspection form types of the Create project modal), written with
 * the keys of docs/data-model.md: the template item and a link per division. Only what projects
 * need of a template is here (name, compliance and acknowledgement flags, the project options);
 * questions, signatures and the editor come with the template editor's issue, whose data module
 * takes over these items.
 */

export interface DemoTemplate {
  id: string;
  name: string;
  has_acknowledgement: boolean;
  options: TemplateProjectOptions;
}

export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    id: 'routine-stormwater',
    name: 'Routine Stormwater Inspection',
    has_acknowledgement: true,
    options: { hasComplianceCert: true, ccr: false, optionalCompliance: false, cgp: false },
  },
  {
    // Spec 000 §9: 'Delaware' is on the CCR list.
    id: 'delaware',
    name: 'Delaware',
    has_acknowledgement: true,
    options: { hasComplianceCert: true, ccr: true, optionalCompliance: true, cgp: false },
  },
  {
    id: 'epa-cgp',
    name: 'EPA Construction General Permit',
    has_acknowledgement: false,
    options: { hasComplianceCert: true, ccr: false, optionalCompliance: true, cgp: true },
  },
  {
    id: 'cdot',
    name: 'CDOT',
    has_acknowledgement: false,
    options: { hasComplianceCert: false, ccr: false, optionalCompliance: false, cgp: false },
  },
];

/** Each demo template, held by every division given. */
export async function seedTemplates(db: Db, divisionIds: readonly string[], now: Date): Promise<void> {
  for (const template of DEMO_TEMPLATES) {
    const order = nameOrder(template.name, template.id);
    await transact(db, [
      putNewStep(db, {
        pk: `TEMPLATE#${template.id}`,
        sk: 'TEMPLATE',
        type: 'Template',
        gsi1pk: 'TEMPLATES',
        gsi1sk: order,
        id: template.id,
        name: template.name,
        isUserTemplate: false,
        has_compliance_cert: template.options.hasComplianceCert,
        has_acknowledgement: template.has_acknowledgement,
        projectOptions: {
          ccr: template.options.ccr,
          optionalCompliance: template.options.optionalCompliance,
          cgp: template.options.cgp,
        },
        createdAt: now.toISOString(),
        version: 0,
      }),
      ...divisionIds.flatMap((divisionId) => [
        putNewStep(db, {
          pk: `TEMPLATE#${template.id}`,
          sk: `DIVISION#${divisionId}`,
          type: 'DivisionTemplate',
          gsi1pk: `DIVISION#${divisionId}#TEMPLATES`,
          gsi1sk: order,
          divisionId,
          templateId: template.id,
          name: template.name,
        }),
        counterStep(db, keys.division(divisionId), 'templateCount', 1),
      ]),
    ]);
  }
}
