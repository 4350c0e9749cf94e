import { listFindingImages } from '@stormline/data/findings';
import type { FindingRecord } from '@stormline/data/findings';
import { findingLinksOf, getInspectionWithAnswers } from '@stormline/data/inspections';
import type { AnswersRecord, InspectionRecord } from '@stormline/data/inspections';
import { getLegendItems } from '@stormline/data/legend-items';
import { listPostStormDuesOfProject } from '@stormline/data/post-storm-dues';
import type { PostStormDueRecord } from '@stormline/data/post-storm-dues';
import type { ProjectRecord } from '@stormline/data/projects';
import { permitRuleLine, triggeringRainfallLine } from '@stormline/domain/post-storm-dues';
import { logoAt, logoKey } from '@stormline/data/template-logos';
import type { SignatureRecord } from '@stormline/data/signatures';
import type { TemplateVersion } from '@stormline/domain/template-model';
import { readCertificationFacts } from '../../certification-state';
import type { Deps } from '../../deps';
import { userNames } from '../../inspection-context';
import { reportDocument, html } from '../html';
import type { HtmlPart } from '../report-plan';
import { inspectionCover, COVER_CSS } from '../sections/cover';
import { findingLabel, findingsSection, FINDINGS_CSS, type PrintFinding } from '../sections/findings';
import { addressLine, printDate, printDateTime, printInstant } from '../sections/format';
import { PHOTO_CSS } from '../sections/photo';
import { questionnaireSection, QUESTIONNAIRE_CSS } from '../sections/questionnaire';
import { signaturesSection, SIGNATURES_CSS, type PrintSignature } from '../sections/signatures';
import { findingRuns } from './finding-parts';
import { photosWithheld, printPhotoOf, type WithPrintCopy } from './finding-photos';
import { mapPart, readProjectMaps, type PrintedMap } from './map-content';

/**
 * One inspection as Print Inspection prints it (spec 002 §2; docs/decisions/0043), read once and
 * rendered into parts: the cover and questionnaire, the findings with their photos, each site map
 * as it stood for the inspection, the signatures. Print Inspections renders each selected
 * inspection with the same two functions.
 */

export interface InspectionContent {
  project: ProjectRecord;
  clientName: string;
  inspection: InspectionRecord;
  version: TemplateVersion;
  answers: AnswersRecord;
  inspectorName: string | null;
  logoKey: string | null;
  findings: { record: FindingRecord; carriedOver: boolean; images: WithPrintCopy[] | null }[];
  controlMeasures: Map<string, string>;
  signatures: SignatureRecord[];
  digests: Record<string, string>;
  maps: PrintedMap[];
  /** Why photos are left out, or null when they are printed. */
  photosWithheld: string | null;
  /** When and by whom this copy is printed. */
  printed: string;
  /** The post-storm due this inspection settled (issue 23), or null. */
  settledDue: PostStormDueRecord | null;
}

/** How far before a post-storm inspection the storm it settled may have been counted (0048's 30 days, and a day). */
const SETTLED_LOOKBACK_MS = 31 * 86_400_000;

/** The post-storm due a post-storm inspection settled, if any: a key range of the project's dues. */
async function readSettledDue(deps: Deps, project: ProjectRecord, inspection: InspectionRecord) {
  if (inspection.type === 'Routine') return null;
  const from = new Date(Date.parse(inspection.createdAt) - SETTLED_LOOKBACK_MS).toISOString();
  const dues = await listPostStormDuesOfProject(deps.db, project.divisionId, project.id, from);
  return dues.find((due) => due.inspectionId === inspection.id) ?? null;
}

/** Reads everything one inspection's report shows (within the project's division). */
export async function readInspectionContent(
  deps: Deps,
  project: ProjectRecord,
  clientName: string,
  imagesDisabled: boolean,
  inspection: InspectionRecord,
  userId: string,
): Promise<InspectionContent> {
  const d = project.divisionId;
  const [facts, stored, links, names, withheld, maps, settledDue] = await Promise.all([
    readCertificationFacts(deps, inspection),
    getInspectionWithAnswers(deps.db, d, inspection.id),
    findingLinksOf(deps.db, d, inspection.id),
    userNames(deps, [inspection.inspectorId, userId]),
    photosWithheld(deps, userId, imagesDisabled),
    readProjectMaps(deps, project, inspection),
    readSettledDue(deps, project, inspection),
  ]);
  const carried = new Set(links.filter((l) => l.carriedOver).map((l) => l.findingId));
  const [images, legend, logo] = await Promise.all([
    withheld
      ? Promise.resolve(null)
      : Promise.all(facts.findings.map((f) => listFindingImages(deps.db, d, f.id))),
    getLegendItems(deps.db, d, [
      ...new Set(facts.findings.map((f) => f.control_measure_id).filter((id): id is string => Boolean(id))),
    ]),
    facts.version.logo_GUID
      ? logoAt(deps.db, logoKey(facts.version.templateId, facts.version.logo_GUID))
      : null,
  ]);
  return {
    project,
    clientName,
    inspection,
    version: facts.version,
    answers: stored.answers,
    inspectorName: inspection.inspectorId ? (names.get(inspection.inspectorId) ?? null) : null,
    logoKey: logo?.objectKey ?? null,
    findings: facts.findings.map((record, i) => ({
      record,
      carriedOver: carried.has(record.id),
      images: images ? (images[i] as WithPrintCopy[]) : null,
    })),
    controlMeasures: new Map(legend.map((item) => [item.id, item.name])),
    signatures: facts.signatures,
    digests: facts.digests,
    maps,
    photosWithheld: withheld,
    printed: [printInstant(project.timezone, deps.now().toISOString()), names.get(userId)]
      .filter(Boolean)
      .join(' by '),
    settledDue,
  };
}

/** The project's header line of every page: the project, and its permit number where it has one. */
export function projectSubtitle(project: ProjectRecord): string {
  return [project.name, project.cgp_tracking_id ? `CGP ${project.cgp_tracking_id}` : null, project.permittee]
    .filter(Boolean)
    .join(' · ');
}

function statusOf(inspection: InspectionRecord): string {
  if (inspection.compliance_date) return `Compliance certified ${printDate(inspection.compliance_date)}`;
  if (inspection.certification_date) return `Certified ${printDate(inspection.certification_date)}`;
  return inspection.status === 'complete' ? 'Complete, not certified' : 'In progress';
}

function printFindings(content: InspectionContent): PrintFinding[] {
  return content.findings.map(({ record, carriedOver, images }) => ({
    number: record.number,
    typeCode: record.typeCode,
    typeName: record.typeName,
    color: record.color,
    location: record.location,
    date_initiated: record.date_initiated,
    date_completed: record.date_completed,
    condition: record.condition,
    controlMeasure: record.control_measure_id
      ? (content.controlMeasures.get(record.control_measure_id) ?? 'Removed control measure')
      : null,
    comments: record.comments,
    carriedOver,
    photos: images?.map(printPhotoOf) ?? null,
  }));
}

function printSignatures(content: InspectionContent): PrintSignature[] {
  const lines = content.version.signature_groups;
  return content.signatures.map((s) => ({
    group: s.group,
    lineLabel: lines[s.group]?.find((l) => l.type === s.lineType)?.label ?? null,
    userName: s.userName,
    role: s.role,
    position: s.position,
    date: s.date,
    signedAt: s.signedAt,
    attestation: s.attestation,
    verifies: s.contentDigest === content.digests[s.group],
  }));
}

/** The parts of one inspection's report, in print order; `labelPrefix` names them within a longer report. */
export function inspectionParts(content: InspectionContent, labelPrefix = ''): HtmlPart[] {
  const { project, inspection } = content;
  const title = `Inspection #${inspection.number} - ${project.name}`;
  const findingLabels = new Map(
    content.findings.map(({ record }) => [record.id, `${findingLabel(record)}, ${record.location}`]),
  );
  const cover = inspectionCover({
    projectName: project.name,
    permittee: project.permittee,
    clientName: content.clientName,
    cgpTrackingId: project.cgp_tracking_id,
    address: addressLine(project.address),
    inspectionNumber: inspection.number,
    date: printDateTime(inspection.created_date),
    type: inspection.type,
    inspector: content.inspectorName,
    templateName: `${inspection.templateName} (version ${inspection.templateVersion})`,
    status: statusOf(inspection),
    logoKey: content.logoKey,
    printed: content.printed,
    permitRule: permitRuleLine(project, inspection.created_date.slice(0, 10)),
    triggeringRainfall: content.settledDue
      ? triggeringRainfallLine(content.settledDue, project.timezone)
      : null,
    triggerCitation: content.settledDue?.citation ?? null,
  });
  // By number, as the section prints them, then cut into runs of a few photos each: one part a run.
  const runs = findingRuns([...printFindings(content)].sort((a, b) => a.number - b.number));
  const parts: HtmlPart[] = [
    {
      kind: 'html',
      label: `${labelPrefix}Inspection #${inspection.number}: cover and questionnaire`,
      html: reportDocument({
        title,
        body: html`${cover}${questionnaireSection({
          version: content.version,
          answers: content.answers.answers,
          comments: content.answers.comments,
          findingLabels,
        })}`,
        css: COVER_CSS + QUESTIONNAIRE_CSS,
      }),
      assets: content.logoKey ? [content.logoKey] : [],
    },
    ...runs.map((run, i): HtmlPart => ({
      kind: 'html',
      label: `${labelPrefix}Inspection #${inspection.number}: findings${runs.length > 1 ? ` (${i + 1} of ${runs.length})` : ''}`,
      html: reportDocument({
        title,
        body: findingsSection(run, content.photosWithheld, i > 0),
        css: FINDINGS_CSS + PHOTO_CSS,
      }),
      assets: [...new Set(run.flatMap((f) => f.photos?.map((p) => p.key) ?? []))],
    })),
    ...content.maps.map((map) =>
      mapPart(map, project, inspection, `${labelPrefix}Inspection #${inspection.number}: `),
    ),
    {
      kind: 'html',
      label: `${labelPrefix}Inspection #${inspection.number}: signatures`,
      html: reportDocument({
        title,
        body: signaturesSection(printSignatures(content), project.timezone),
        css: FINDINGS_CSS + SIGNATURES_CSS,
      }),
      assets: [],
    },
  ];
  return parts;
}
