import { listDocuments } from '@stormline/data/documents';
import type { Db } from '@stormline/data/dynamo';
import { listProjectInspections } from '@stormline/data/inspections';
import { currentPages, getConversion, relistPage } from '@stormline/data/site-maps';
import type { ConversionRecord } from '@stormline/data/site-maps';
import { startConversion } from '@stormline/functions/lib/conversion-start';
import { getDeps } from '@stormline/functions/lib/deps';
import { PROJECT_DOC_TYPES, SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { isConversionRunning } from '@stormline/domain/site-maps';
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
      // A soil report in its appendix type, so Print SWMP has an appendix to merge (issue 22).
      if (project.docTypes.includes('appendix-soil-reports'))
        await storeDemoDocument(
          db,
          owner('appendix-soil-reports'),
          pdf(
            `${project.name} geotechnical report.pdf`,
            `${project.name}: soil report`,
            'Soils are silty clay over weathered sandstone; infiltration is slow, so sediment basins are lined and outlets protected.',
          ),
          createdBy,
          now,
        );
    }
  }
}

/**
 * Starts the conversion of every demo site map (docs/decisions/0038), through the running
 * product's own state machine: called once the runtime serves it, after a fresh seed. Each
 * converted page is then dated as listed the day before its project's first inspection
 * (`standBeforeInspections`), so the demo's inspections, written before, show it on their Map tab.
 */
export async function convertDemoSiteMaps(db: Db, divisionIds: readonly string[]): Promise<void> {
  const deps = await getDeps();
  const started: ConversionRecord[] = [];
  for (const divisionId of divisionIds)
    for (const project of await projectsOf(db, divisionId)) {
      const owner = {
        kind: 'project' as const,
        divisionId,
        projectId: project.id,
        docTypeId: SITE_MAP_DOC_TYPE_ID,
      };
      const { items } = await listDocuments(db, owner, { pageSize: 20 });
      for (const doc of items) started.push(await startConversion(deps, doc, null));
    }
  for (const conversion of started) await standBeforeInspections(db, conversion);
}

/**
 * Waits for a demo site map's conversion and dates its pages as listed the day before the
 * project's first inspection (the listing is what decides which inspections a page stood for):
 * the demo's site maps stood from the project's start. A conversion that fails or runs past the
 * wait is left as it is.
 */
export async function standBeforeInspections(
  db: Db,
  started: Pick<ConversionRecord, 'divisionId' | 'projectId' | 'uploadId' | 'conversionId'>,
  waitMs = 5 * 60_000,
): Promise<void> {
  const until = Date.now() + waitMs;
  let conversion = await getConversion(db, started.divisionId, started.uploadId);
  while (
    conversion?.conversionId === started.conversionId &&
    isConversionRunning(conversion.status) &&
    Date.now() < until
  ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    conversion = await getConversion(db, started.divisionId, started.uploadId);
  }
  if (conversion?.status !== 'done' || conversion.pagesConversionId !== started.conversionId) return;
  const { items } = await listProjectInspections(db, started.divisionId, started.projectId, {
    pageSize: 100,
  });
  const first = items.map((i) => i.createdAt).sort()[0];
  if (!first) return;
  const dayBefore = new Date(Date.parse(first) - 24 * 3600_000).toISOString();
  for (const page of await currentPages(db, conversion)) await relistPage(db, page, dayBefore);
}
