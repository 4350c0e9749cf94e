import { listAnnotations } from '@stormline/data/annotations';
import { getClientInDivision } from '@stormline/data/clients';
import { documentKeys, listDocuments, MAX_DOCUMENTS_PER_OWNER } from '@stormline/data/documents';
import type { DocumentOwner, DocumentRecord } from '@stormline/data/documents';
import { listLegendItemsOfGroup } from '@stormline/data/legend-items';
import type { LegendItemRecord } from '@stormline/data/legend-items';
import { getProjectInDivision } from '@stormline/data/projects';
import type { ProjectRecord } from '@stormline/data/projects';
import { xfdfDocument } from '@stormline/contract/xfdf';
import { parseXfdfDocument } from '@stormline/contract/xfdf-read';
import { ValidationError } from '@stormline/domain/errors';
import { APPENDIX_GROUPS, REPORT_MESSAGES } from '@stormline/domain/reports';
import type { Deps } from '../../deps';
import { reportDocument } from '../html';
import type { HtmlPart, PdfPart, ReportPart } from '../report-plan';
import { addressLine, printDate } from '../sections/format';
import { dividerPage, imagePage, swmpTitlePage, SWMP_CSS } from '../sections/swmp';
import { projectSubtitle } from './inspection-content';
import { mapPart, readProjectMaps } from './map-content';
import type { Planner } from './plan-request';

/**
 * Print SWMP (spec 002 §2; docs/decisions/0043): a title page with the project's facts and contents,
 * then the sections that are on: the SWMP narrative (the project's 'SWMP' documents), BMP details
 * (the documents of the legend items that list the project's regulations, as its BMP Details tab
 * shows them), the maps (every active site map with its current features), the permits (the
 * 'Permits' documents), then each appendix group that is on, in APPENDIX_GROUPS order (the
 * project's documents of that group's type). Each section after a one-page divider; documents in
 * their dragged order. A stored PDF is merged as it is with its saved annotations (Merge flattens
 * them); an image document is fitted to a page. Nothing on, or nothing found: nothingToPrint.
 */

const SWMP_DOC_TYPE = 'swmp';
const PERMITS_DOC_TYPE = 'permits';

const isPdf = (doc: DocumentRecord) => doc.mimeType === 'application/pdf';
const isImage = (doc: DocumentRecord) => doc.mimeType === 'image/png' || doc.mimeType === 'image/jpeg';

/** An owner's documents in their dragged order (bounded by MAX_DOCUMENTS_PER_OWNER). */
async function documentsOf(deps: Deps, owner: DocumentOwner): Promise<DocumentRecord[]> {
  const out: DocumentRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listDocuments(deps.db, owner, {
      pageSize: MAX_DOCUMENTS_PER_OWNER,
      ...(cursor ? { cursor } : {}),
    });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** The legend items that list the project's regulation group (the BMP Details tab), by name. */
async function bmpItemsOf(deps: Deps, project: ProjectRecord): Promise<LegendItemRecord[]> {
  if (!project.document_group_id) return [];
  const out: LegendItemRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listLegendItemsOfGroup(
      deps.db,
      project.divisionId,
      project.document_group_id,
      {},
      { pageSize: 100, ...(cursor ? { cursor } : {}) },
    );
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

interface Section {
  title: string;
  /** The documents with the label each part takes. */
  documents: { doc: DocumentRecord; label: string }[];
  /** Parts that are not documents (the maps). */
  extra: HtmlPart[];
}

/** A stored document as a part: a PDF with its saved annotations, an image fitted to a page. */
async function documentPart(
  deps: Deps,
  doc: DocumentRecord,
  label: string,
  title: string,
): Promise<ReportPart> {
  if (isPdf(doc)) {
    const stored = await listAnnotations(deps.db, documentKeys.ownerPartition(doc.owner), doc.id);
    const part: PdfPart = {
      kind: 'pdf',
      label,
      key: doc.objectKey,
      annotations: stored.length > 0 ? parseXfdfDocument(xfdfDocument(stored.map((a) => a.element))) : [],
    };
    return part;
  }
  const wide = (doc.width ?? 0) > (doc.height ?? 0);
  return {
    kind: 'html',
    label,
    html: reportDocument({ title, body: imagePage(doc.name, doc.objectKey, wide), css: SWMP_CSS }),
    assets: [doc.objectKey],
    orientation: wide ? 'landscape' : 'portrait',
  };
}

export const swmpPlanner: Planner<'swmp'> = async (deps, request) => {
  const { body, divisionId } = request;
  const anyOn = Object.values(body.sections).some(Boolean) || Object.values(body.appendices).some(Boolean);
  if (!anyOn) throw new ValidationError(REPORT_MESSAGES.nothingToPrint);
  const project = await getProjectInDivision(deps.db, divisionId, body.projectId);
  const ofType = (docTypeId: string) =>
    documentsOf(deps, { kind: 'project', divisionId, projectId: project.id, docTypeId });
  const labelled = (prefix: string, docs: DocumentRecord[]) =>
    docs.map((doc) => ({ doc, label: `${prefix}: ${doc.name}` }));

  const sections: Section[] = [];
  if (body.sections.narrative)
    sections.push({
      title: 'SWMP narrative',
      documents: labelled('SWMP narrative', await ofType(SWMP_DOC_TYPE)),
      extra: [],
    });
  if (body.sections.bmpDetails) {
    const items = await bmpItemsOf(deps, project);
    const docs = await Promise.all(
      items.map((item) => documentsOf(deps, { kind: 'legend', divisionId, legendItemId: item.id })),
    );
    sections.push({
      title: 'BMP details',
      documents: items.flatMap((item, i) => labelled(`BMP details: ${item.name}`, docs[i]!)),
      extra: [],
    });
  }
  if (body.sections.maps) {
    const maps = await readProjectMaps(deps, project, null);
    sections.push({
      title: 'Site maps',
      documents: [],
      extra: maps.map((map) => mapPart(map, project, null, 'Maps: ')),
    });
  }
  if (body.sections.permits)
    sections.push({
      title: 'Permits',
      documents: labelled('Permits', await ofType(PERMITS_DOC_TYPE)),
      extra: [],
    });
  for (const group of APPENDIX_GROUPS)
    if (body.appendices[group.id])
      sections.push({
        title: `Appendix: ${group.label}`,
        documents: labelled(`Appendix: ${group.label}`, await ofType(group.docTypeId)),
        extra: [],
      });

  const printable = (doc: DocumentRecord) => isPdf(doc) || isImage(doc);
  const skipped = sections.flatMap((s) =>
    s.documents.filter((d) => !printable(d.doc)).map((d) => d.doc.name),
  );
  for (const section of sections) section.documents = section.documents.filter((d) => printable(d.doc));
  if (sections.every((s) => s.documents.length === 0 && s.extra.length === 0))
    throw new ValidationError(REPORT_MESSAGES.nothingToPrint);

  const title = `SWMP - ${project.name}`;
  const client = await getClientInDivision(deps.db, divisionId, project.client_id);
  const parts: ReportPart[] = [
    {
      kind: 'html',
      label: 'Title page',
      html: reportDocument({
        title,
        body: swmpTitlePage({
          projectName: project.name,
          clientName: client.name,
          permittee: project.permittee,
          cgpTrackingId: project.cgp_tracking_id,
          address: addressLine(project.address),
          startDate: printDate(project.start_date),
          endDate: printDate(project.end_date),
          contents: sections.map((s) => ({ title: s.title, documents: s.documents.length + s.extra.length })),
          skipped,
        }),
        css: SWMP_CSS,
      }),
      assets: [],
    },
  ];
  // A section with nothing on file gets no divider page: the title page's contents says so in one line.
  for (const section of sections.filter((s) => s.documents.length + s.extra.length > 0)) {
    parts.push({
      kind: 'html',
      label: `Divider: ${section.title}`,
      html: reportDocument({
        title,
        body: dividerPage(
          section.title,
          section.extra.length > 0
            ? section.extra.map((p) => p.label.replace(/^Maps: Site map: /, ''))
            : section.documents.map((d) => d.doc.name),
        ),
        css: SWMP_CSS,
      }),
      assets: [],
    });
    for (const { doc, label } of section.documents) parts.push(await documentPart(deps, doc, label, title));
    parts.push(...section.extra);
  }
  return { job: 'swmp', title, subtitle: projectSubtitle(project), parts };
};
