import { listDocuments } from '@stormline/data/documents';
import type { Db } from '@stormline/data/dynamo';
import { startConversion } from '@stormline/functions/lib/conversion-start';
import { getDeps } from '@stormline/functions/lib/deps';
import { PROJECT_DOC_TYPES, SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { projectsOf } from './inspections';
import { pdf, storeDemoDocument } from './regulations';

/**
 * Real documents on the demo projects (issue 10: the document tabs show them read-only until the
 * site-map issue brings uploads): a site map on each, and a document of the first other type each
 * keeps, as PDFs made in code.
 */
export async function seedProjectDocuments(
  db: Db,
  divisionIds: readonly string[],
  createdBy: string,
  now: Date,
): Promise<void> {
  for (const divisionId of divisionIds) {
    for (const project of await projectsOf(db, divisionId)) {
      const owner = (docTypeId: string) => ({
        kind: 'project' as const,
        divisionId,
        projectId: project.id,
        docTypeId,
      });
      await storeDemoDocument(
        db,
        owner(SITE_MAP_DOC_TYPE_ID),
        pdf(
          `${project.name} site map.pdf`,
          `${project.name}: active site map`,
          'Perimeter silt fence, construction exit, inlet protection on both road gullies, concrete washout by the site office, stockpiles on the north boundary.',
          'Discharge points DP-1 (north outfall) and DP-2 (east swale).',
        ),
        createdBy,
        now,
      );
      const other = PROJECT_DOC_TYPES.find(
        (t) => t.id !== SITE_MAP_DOC_TYPE_ID && project.docTypes.includes(t.id),
      );
      if (other)
        await storeDemoDocument(
          db,
          owner(other.id),
          pdf(
            `${project.name} ${other.name}.pdf`,
            `${project.name}: ${other.name}`,
            'Prepared for the construction stormwater permit: site description, control measures, inspection schedule and corrective action procedure.',
          ),
          createdBy,
          now,
        );
    }
  }
}

/**
 * Starts the conversion of every demo site map (docs/decisions/0038), through the running
 * product's own state machine: called once the runtime serves it, after a fresh seed.
 */
export async function convertDemoSiteMaps(db: Db, divisionIds: readonly string[]): Promise<void> {
  const deps = await getDeps();
  for (const divisionId of divisionIds)
    for (const project of await projectsOf(db, divisionId)) {
      const owner = {
        kind: 'project' as const,
        divisionId,
        projectId: project.id,
        docTypeId: SITE_MAP_DOC_TYPE_ID,
      };
      const { items } = await listDocuments(db, owner, { pageSize: 20 });
      for (const doc of items) await startConversion(deps, doc, null);
    }
}
