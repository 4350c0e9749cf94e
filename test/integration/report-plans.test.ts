import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationElement, type XfdfAnnotation } from '@stormline/contract/xfdf';
import { applyAnnotationChange } from '@stormline/data/annotations';
import { createClient, updateClient } from '@stormline/data/clients';
import { documentKeys, type DocumentRecord } from '@stormline/data/documents';
import { createProject } from '@stormline/data/projects';
import { APPENDIX_GROUPS } from '@stormline/domain/reports';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { makePng, makeSiteMapPdf, storeSiteMap, testFileStore } from '../support/site-maps';
import { findingLinksOf } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import { listFindingImages } from '@stormline/data/findings';
import type { ProjectRecord } from '@stormline/data/projects';
import { listSignatures } from '@stormline/data/signatures';
import { findUserByEmail } from '@stormline/data/users';
import { NotFoundError, ValidationError } from '@stormline/domain/errors';
import { REPORT_MESSAGES, type ReportJob } from '@stormline/domain/reports';
import type { BeginBody } from '@stormline/contract/reports';
import type { Deps } from '@stormline/functions/lib/deps';
import { assetKeyOf } from '@stormline/functions/lib/reports/html';
import { PLANNERS } from '@stormline/functions/lib/reports/planners';
import type { HtmlPart, PdfPart, ReportPlan } from '@stormline/functions/lib/reports/report-plan';
import { NORTH, SOUTH } from '../support/api';
import { inspectedSite } from '../support/inspected-site';
import { addFindingPhoto, demoInspectionWithPhotos, orientedPhoto } from '../support/printing';
import { lookAtPlan } from '../support/report-look';
import { productDeps } from '../support/runtime';

/**
 * The report planners (docs/decisions/0043) against the running product's table and files: the demo
 * data's first North project has a season of inspections with findings, photos, signatures and a
 * site map with features, all written by the API's own writers. Each planner is called as the Plan
 * step calls it, and its parts are checked for what a reader of the PDF must find. With
 * STORMLINE_REPORT_LOOK=1 each plan is printed with chromium and its pages written as PNGs under
 * test/artifacts/ to be looked at.
 */

let deps: Deps;
let project: ProjectRecord;
let inspections: InspectionRecord[];
let adminId: string;
let regulatorId: string;
let demo: Awaited<ReturnType<typeof demoInspectionWithPhotos>>;

const look = process.env.STORMLINE_REPORT_LOOK === '1';

function plan<J extends ReportJob>(
  job: J,
  body: Omit<BeginBody<J>, 'key'>,
  as = adminId,
  divisionId = NORTH,
) {
  return PLANNERS[job](deps, {
    reportId: `test-${job}`,
    divisionId,
    userId: as,
    job,
    body: { key: 'k1', ...body } as BeginBody<J>,
  });
}

const htmlParts = (p: ReportPlan) => p.parts.filter((part): part is HtmlPart => part.kind === 'html');
/** The text a reader finds in a part: its HTML without tags, entities decoded. */
const textOf = (part: HtmlPart) =>
  part.html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** Every asset URL a part's HTML names is among the keys it lists (and nothing else is loaded). */
function expectAssetsListed(part: HtmlPart) {
  const urls = [...part.html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  for (const url of urls) {
    const key = assetKeyOf(url);
    expect(key, `${part.label}: ${url}`).not.toBeNull();
    expect(part.assets, part.label).toContain(key);
  }
}

beforeAll(async () => {
  deps = await productDeps();
  adminId = (await findUserByEmail(deps.db, 'admin@example.com'))!.id;
  regulatorId = (await findUserByEmail(deps.db, 'regulator@example.com'))!.id;
  // The demo's map features are on its first project's first site map, converted here as `npm
  // start` does (the tests' runtime does not convert the demo's site maps).
  demo = await demoInspectionWithPhotos(deps);
  project = demo.project;
  inspections = demo.inspections;
}, 180_000);

afterAll(() => deps?.db.doc.destroy());

describe('Print Inspection', () => {
  it('prints the cover, the questionnaire as answered, the findings with photos, each map with its legend, and the signatures', async () => {
    const inspection = demo.inspection; // certified, its findings with photos
    const report = await plan('inspection', { inspectionId: inspection.id });
    expect(report.title).toBe(`Inspection ${inspection.number} - ${project.name}`);
    const parts = htmlParts(report);
    expect(parts.length).toBe(report.parts.length);
    for (const part of parts) expectAssetsListed(part);

    const [cover, findings, ...rest] = parts;
    const signatures = rest.at(-1)!;
    const maps = rest.slice(0, -1);
    const coverText = textOf(cover!);
    expect(coverText).toContain(project.name);
    expect(coverText).toContain(`Inspection #${inspection.number}`);
    const [y, m, d] = inspection.created_date.slice(0, 10).split('-');
    expect(coverText).toContain(`${m}-${d}-${y}`);
    expect(coverText).toContain(inspection.type);
    expect(coverText).toContain('Questionnaire');
    expect(coverText).toContain('by Avery Admin');

    const links = await findingLinksOf(deps.db, NORTH, inspection.id);
    const findingsText = textOf(findings!);
    for (const link of links) expect(findingsText).toContain(`${link.typeCode} #${link.number}`);
    const photoKeys = (
      await Promise.all(links.map((l) => listFindingImages(deps.db, NORTH, l.findingId)))
    ).flat();
    expect(findings!.assets.length).toBe(photoKeys.length);
    expect(findings!.html.match(/<figure/g)?.length).toBe(photoKeys.length);

    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      expect(map.label).toContain('Site map');
      expect(textOf(map)).toContain('Legend');
      expect(map.assets).toHaveLength(1);
    }
    // The demo map's baseline features stand in every inspection: their legend items are listed.
    expect(maps.map(textOf).join(' ')).toMatch(/Silt Fence|Stabilized Construction Entrance/);

    const signed = await listSignatures(deps.db, NORTH, inspection.id);
    expect(signed.length).toBeGreaterThan(0);
    const signatureText = textOf(signatures);
    for (const s of signed) {
      expect(signatureText).toContain(s.userName);
      if (s.attestation) expect(signatureText).toContain(s.attestation.replace(/\s+/g, ' ').trim());
    }
    expect(signatureText).toContain('Verified: the inspection is unchanged since it was signed.');

    if (look) {
      const pages = await lookAtPlan(report, 'inspection');
      expect(pages.every((n) => n > 0)).toBe(true);
    }
  });

  it('leaves the photos out for a user who may not read finding images', async () => {
    const inspection = demo.inspection; // certified, its findings with photos
    const report = await plan('inspection', { inspectionId: inspection.id }, regulatorId);
    const findings = htmlParts(report)[1]!;
    expect(findings.assets).toEqual([]);
    expect(textOf(findings)).toContain('Photos are not shown');
  });

  it('finds no inspection of another division by its id', async () => {
    const inspection = inspections[0]!;
    await expect(plan('inspection', { inspectionId: inspection.id }, adminId, SOUTH)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('the findings report', () => {
  it("prints no photo when the finding's client has disabled images, and says so in one line", async () => {
    const site = await inspectedSite(deps.db, NORTH, {
      clientName: 'No images client',
      projectName: 'No images site',
      location: 'West gate',
      createdBy: adminId,
    });
    const photo = await addFindingPhoto(deps.db, testFileStore(), NORTH, site.finding.id, {
      bytes: await orientedPhoto('West gate'),
      width: 480,
      height: 320,
      rotation: 0,
    });
    const body = {
      inspectionId: site.inspection.id,
      findingType: null,
      reportType: 'all',
      viewType: 'detail',
      findingPerPage: 1,
    } as const;
    const shown = htmlParts(await plan('findings', body));
    expect(shown.flatMap((p) => p.assets)).toEqual([photo.objectKey]);
    expect(shown.some((p) => p.html.includes('<figure'))).toBe(true);

    await updateClient(deps.db, NORTH, site.client.id, { disable_images: true }, site.client.version);
    const withheld = htmlParts(await plan('findings', body));
    expect(withheld.flatMap((p) => p.assets)).toEqual([]);
    expect(withheld.some((p) => p.html.includes('<figure'))).toBe(false);
    const text = withheld.map(textOf).join(' ');
    expect(text).toContain('Photos are not shown: the client has disabled images.');
    expect(text).toContain('West gate');
    // The same rule as Print Inspection's.
    const inspection = htmlParts(await plan('inspection', { inspectionId: site.inspection.id }))[1]!;
    expect(inspection.assets).toEqual([]);
    expect(textOf(inspection)).toContain('Photos are not shown: the client has disabled images.');
  });
});

describe('Print Inspections', () => {
  it('prints a summary then each selected inspection in date order, the scope keeping those signed', async () => {
    const chosen = inspections.slice(0, 4);
    const signed = (
      await Promise.all(
        chosen.map(async (i) => ((await listSignatures(deps.db, NORTH, i.id)).length ? i : null)),
      )
    ).filter((i): i is InspectionRecord => i !== null);
    expect(signed.length).toBeGreaterThan(0);
    const report = await plan('inspections', {
      projectId: project.id,
      period: '1y',
      scope: 'signature_only',
      inspectionIds: chosen.map((i) => i.id),
    });
    const parts = htmlParts(report);
    expect(parts[0]!.label).toBe('Summary');
    const covers = parts.filter((p) => p.label.endsWith('cover and questionnaire'));
    const byDate = [...signed].sort((a, b) => a.created_date.localeCompare(b.created_date));
    expect(covers.map((p) => p.label)).toEqual(
      byDate.map((i) => `Inspection #${i.number}: cover and questionnaire`),
    );
    for (const i of byDate) expect(textOf(parts[0]!)).toContain(`#${i.number}`);
    if (look) await lookAtPlan(report, 'inspections');
  });

  it('keeps only inspections holding a Corrective Action with ca_only, and refuses when none is left', async () => {
    const withCa: InspectionRecord[] = [];
    const withoutCa: InspectionRecord[] = [];
    for (const i of inspections)
      ((await findingLinksOf(deps.db, NORTH, i.id)).some((l) => l.typeCode === 'CA')
        ? withCa
        : withoutCa
      ).push(i);
    expect(withCa.length).toBeGreaterThan(0);
    const report = await plan('inspections', {
      projectId: project.id,
      period: '1y',
      scope: 'ca_only',
      inspectionIds: [withCa[0]!.id, ...withoutCa.slice(0, 1).map((i) => i.id)],
    });
    const covers = htmlParts(report).filter((p) => p.label.endsWith('cover and questionnaire'));
    expect(covers.map((p) => p.label)).toEqual([`Inspection #${withCa[0]!.number}: cover and questionnaire`]);
    if (withoutCa[0]) {
      const refused = plan('inspections', {
        projectId: project.id,
        period: '1y',
        scope: 'ca_only',
        inspectionIds: [withoutCa[0].id],
      });
      await expect(refused).rejects.toBeInstanceOf(ValidationError);
      await expect(refused).rejects.toThrow(REPORT_MESSAGES.nothingToPrint);
    }
  });

  it('refuses an inspection of another project as not found', async () => {
    await expect(
      plan('inspections', {
        projectId: project.id,
        period: '1y',
        scope: 'all',
        inspectionIds: [inspections[0]!.id, 'not-an-inspection'],
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('Print Site Map and Print Site Maps', () => {
  it('prints every active site map page with its features and legend, and one page by its document', async () => {
    const all = await plan('siteMaps', { projectId: project.id });
    expect(all.parts.length).toBeGreaterThan(0);
    const first = htmlParts(all)[0]!;
    expectAssetsListed(first);
    expect(textOf(first)).toContain('current features');
    expect(textOf(first)).toMatch(/Silt Fence|Stabilized Construction Entrance/);
    const uploadId = first.assets[0]!.split('/')[1]!;
    const one = await plan('siteMap', { projectId: project.id, uploadId });
    expect(one.parts).toHaveLength(1);
    expect((one.parts[0] as HtmlPart).assets).toEqual(first.assets);
    expect(one.parts[0]!.label).toBe(first.label);
    if (look) await lookAtPlan(all, 'site-maps');
  });

  it('prints a map as it stood for an inspection, and no document of another project', async () => {
    const inspection = inspections.at(-1)!;
    const all = await plan('siteMaps', { projectId: project.id, inspectionId: inspection.id });
    expect(textOf(htmlParts(all)[0]!)).toContain(`As it stood for inspection #${inspection.number}`);
    await expect(
      plan('siteMap', { projectId: project.id, uploadId: 'not-a-site-map' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('Print SWMP', () => {
  /** A fresh project of its own, its documents stored as uploads are, two appendix PDFs annotated. */
  async function swmpProject() {
    const suffix = randomUUID().slice(0, 6);
    const client = await createClient(deps.db, NORTH, sampleClient(`SWMP client ${suffix}`));
    const created = await createProject(
      deps.db,
      sampleProject({ divisionId: NORTH, client_id: client.id, name: `SWMP site ${suffix}` }),
    );
    const store = testFileStore();
    const put = async (
      docTypeId: string,
      name: string,
      file?: { bytes: Uint8Array; mimeType: string; width?: number; height?: number },
    ) =>
      storeSiteMap(
        deps.db,
        store,
        { projectId: created.id, createdBy: adminId, docTypeId },
        { name, ...(file ?? { bytes: await makeSiteMapPdf(name, 1), mimeType: 'application/pdf' }) },
      );
    const narrative = await put('swmp', 'Narrative.pdf');
    const soilA = await put('appendix-soil-reports', 'Soil A.pdf');
    const soilB = await put('appendix-soil-reports', 'Soil B.pdf');
    const letter = await put('appendix-delegation-letters', 'Delegation.pdf');
    const permitImage = await put('permits', 'Permit scan.png', {
      bytes: makePng(400, 300),
      mimeType: 'image/png',
      width: 400,
      height: 300,
    });
    const notes = await put('appendix-qualifications', 'Notes.txt', {
      bytes: new TextEncoder().encode('plain text'),
      mimeType: 'text/plain',
    });
    const annotate = async (doc: DocumentRecord, text: string) => {
      const annotation: XfdfAnnotation = {
        kind: 'freetext',
        name: randomUUID(),
        page: 0,
        rect: [72, 600, 300, 640],
        title: 'Avery Admin',
        date: new Date().toISOString(),
        color: '#E03131',
        interiorColor: null,
        opacity: null,
        width: 1,
        contents: text,
        fontSize: 12,
        start: null,
        end: null,
        vertices: null,
        gestures: null,
        coords: null,
      };
      await applyAnnotationChange(
        deps.db,
        documentKeys.ownerPartition(doc.owner),
        doc.id,
        {
          put: [
            {
              name: annotation.name,
              element: annotationElement(annotation),
              page: 0,
              title: annotation.title,
            },
          ],
          remove: [],
        },
        { userId: adminId, now: new Date() },
      );
    };
    await annotate(soilA, 'Borehole BH-1 here');
    await annotate(letter, 'Signed by the owner');
    return { project: created, narrative, soilA, soilB, letter, permitImage, notes };
  }

  const allOn = {
    sections: { narrative: true, bmpDetails: true, maps: true, permits: true },
    appendices: Object.fromEntries(
      APPENDIX_GROUPS.map((g) => [g.id, true]),
    ) as BeginBody<'swmp'>['appendices'],
  };

  it('prints a title page, then each section and appendix group with documents after its divider, PDFs with their annotations', async () => {
    const site = await swmpProject();
    const report = await plan('swmp', { projectId: site.project.id, ...allOn });
    expect(report.title).toBe(`SWMP - ${site.project.name}`);
    // BMP details, site maps and the other appendix groups have nothing on file: no divider page.
    expect(report.parts.map((p) => p.label)).toEqual([
      'Title page',
      'Divider: SWMP narrative',
      'SWMP narrative: Narrative.pdf',
      'Divider: Permits',
      'Permits: Permit scan.png',
      'Divider: Appendix: Soil reports',
      'Appendix: Soil reports: Soil A.pdf',
      'Appendix: Soil reports: Soil B.pdf',
      'Divider: Appendix: Delegation letters',
      'Appendix: Delegation letters: Delegation.pdf',
    ]);
    const pdfs = report.parts.filter((p): p is PdfPart => p.kind === 'pdf');
    const byLabel = (label: string) => pdfs.find((p) => p.label.endsWith(label))!;
    expect(byLabel('Soil A.pdf').key).toBe(site.soilA.objectKey);
    expect(byLabel('Soil A.pdf').annotations.map((a) => a.contents)).toEqual(['Borehole BH-1 here']);
    expect(byLabel('Delegation.pdf').annotations.map((a) => a.contents)).toEqual(['Signed by the owner']);
    expect(byLabel('Soil B.pdf').annotations).toEqual([]);
    const image = report.parts.find((p) => p.label === 'Permits: Permit scan.png') as HtmlPart;
    expect(image.assets).toEqual([site.permitImage.objectKey]);
    expect(image.orientation).toBe('landscape');
    expectAssetsListed(image);
    const title = textOf(report.parts[0] as HtmlPart);
    expect(title).toContain(site.project.name);
    expect(title).toContain('Not included');
    expect(title).toContain('Notes.txt');
    // The contents list every section asked for, the empty ones as 'None on file'.
    expect(title).toMatch(/BMP details\s*None on file/);
    expect(title).toMatch(/Appendix: Soil reports\s*2/);
    if (look) await lookAtPlan(report, 'swmp');
  });

  it('prints only what is on, and refuses when nothing is on or nothing is found', async () => {
    const site = await swmpProject();
    const off = {
      sections: { narrative: false, bmpDetails: false, maps: false, permits: false },
      appendices: Object.fromEntries(
        APPENDIX_GROUPS.map((g) => [g.id, false]),
      ) as BeginBody<'swmp'>['appendices'],
    };
    const soilOnly = await plan('swmp', {
      projectId: site.project.id,
      ...off,
      appendices: { ...off.appendices, soilReports: true },
    });
    expect(soilOnly.parts.map((p) => p.label)).toEqual([
      'Title page',
      'Divider: Appendix: Soil reports',
      'Appendix: Soil reports: Soil A.pdf',
      'Appendix: Soil reports: Soil B.pdf',
    ]);
    await expect(plan('swmp', { projectId: site.project.id, ...off })).rejects.toThrow(
      REPORT_MESSAGES.nothingToPrint,
    );
    await expect(
      plan('swmp', { projectId: site.project.id, ...off, appendices: { ...off.appendices, misc: true } }),
    ).rejects.toThrow(REPORT_MESSAGES.nothingToPrint);
    await expect(
      plan('swmp', { projectId: site.project.id, ...allOn }, adminId, SOUTH),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('prints the demo project’s BMP details and site maps', async () => {
    const report = await plan('swmp', { projectId: project.id, ...allOn });
    const labels = report.parts.map((p) => p.label);
    expect(labels.some((l) => l.startsWith('Maps: Site map:'))).toBe(true);
    expect(labels).toContain('Divider: Appendix: Soil reports');
    expect(labels.some((l) => l.startsWith('Appendix: Soil reports:'))).toBe(true);
  });
});
