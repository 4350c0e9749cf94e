import type { Db } from '@stormline/data/dynamo';
import { keys, nameOrder } from '@stormline/data/keys';
import { counterStep, putNewStep, transact } from '@stormline/data/transact';
import { installTemplateVersion } from '@stormline/data/templates';
import type { TemplateProjectOptions } from '@stormline/domain/project-rules';
import { SYSTEM_TEMPLATES } from '@stormline/domain/system-templates/index';

/**
 * The demo divisions' inspection templates: the system templates of packages/domain (their
 * questionnaires, finding types and signatures, as versions), with what projects read of each
 * (the Create project modal's options, docs/decisions/0014) and a link per division.
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

/** Each system template installed (its versions, docs/decisions/0018) and held by every division given. */
export async function seedTemplates(db: Db, divisionIds: readonly string[], now: Date): Promise<void> {
  for (const template of DEMO_TEMPLATES) {
    const version = SYSTEM_TEMPLATES.find((t) => t.templateId === template.id);
    if (!version) throw new Error(`No system template ${template.id}`);
    await installTemplateVersion(
      db,
      version,
      {
        ccr: template.options.ccr,
        optionalCompliance: template.options.optionalCompliance,
        cgp: template.options.cgp,
      },
      now,
    );
    const order = nameOrder(template.name, template.id);
    await transact(db, [
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
