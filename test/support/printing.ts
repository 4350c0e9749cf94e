import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as mupdf from 'mupdf';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type WebSocket from 'ws';
import { listDocuments } from '@stormline/data/documents';
import type { Db } from '@stormline/data/dynamo';
import { findingImageCountStep, findingImagePutStep, listFindingImages } from '@stormline/data/findings';
import { findingLinksOf, listProjectInspections, type InspectionRecord } from '@stormline/data/inspections';
import { mapsOfProject } from '@stormline/data/map-features';
import { listProjects, projectKeys, type ProjectRecord } from '@stormline/data/projects';
import { transact } from '@stormline/data/transact';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import type { Deps } from '@stormline/functions/lib/deps';
import type { FileStore } from '@stormline/functions/lib/file-store';
import { demoProjectNames } from '@stormline/local/seed/clients';
import { baseUrl, call, NORTH } from './api';
import { convertDemoSiteMap } from './site-maps';
import { channelMessages, request } from './sockets';

/** Where the printed reports and their page pictures are left for a person to open. */
export const ARTIFACTS = path.resolve(import.meta.dirname, '..', 'artifacts', 'printing');

/**
 * A photo that shows which way is up: 'TOP' and an arrow at its top edge. `sideways`: stored
 * turned a quarter clockwise (its top to the right), as a phone held on its side stores it; its
 * rotation 270 stands it upright again.
 */
export async function orientedPhoto(label: string, sideways = false): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([480, 320]);
  page.drawRectangle({ x: 0, y: 0, width: 480, height: 320, color: rgb(0.55, 0.72, 0.5) });
  page.drawRectangle({ x: 0, y: 250, width: 480, height: 70, color: rgb(0.3, 0.5, 0.85) });
  page.drawText('TOP', { x: 200, y: 272, size: 30, font, color: rgb(1, 1, 1) });
  page.drawSvgPath('M 0 0 L 30 -40 L 60 0 Z', { x: 380, y: 265, color: rgb(1, 1, 1) });
  page.drawText(label, { x: 20, y: 40, size: 26, font, color: rgb(0.1, 0.1, 0.1) });
  if (sideways) page.setRotation(degrees(90));
  const doc = mupdf.Document.openDocument(await pdf.save(), 'application/pdf');
  const pixmap = doc.loadPage(0).toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, false, true);
  const png = pixmap.asPNG();
  pixmap.destroy();
  doc.destroy();
  return png;
}

/**
 * The demo inspection every print test prints: the demo's North project with a site map (its site
 * map converted, as `npm start` does: the tests' runtime does not), all its inspections, and the
 * first certified one whose findings have photos, with its finding links and a photo of them.
 */
export async function demoInspectionWithPhotos(deps: Deps) {
  const names = new Set(demoProjectNames('UK', NORTH));
  const seeded: ProjectRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listProjects(deps.db, NORTH, 'ACTIVE', {
      pageSize: 100,
      ...(cursor ? { cursor } : {}),
    });
    seeded.push(...page.items.filter((p) => names.has(p.name)));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  for (const project of seeded) {
    if ((await mapsOfProject(deps.db, NORTH, project.id)).length === 0) continue;
    const owner = {
      kind: 'project' as const,
      divisionId: NORTH,
      projectId: project.id,
      docTypeId: SITE_MAP_DOC_TYPE_ID,
    };
    const [siteMap] = (await listDocuments(deps.db, owner, { pageSize: 1 })).items;
    await convertDemoSiteMap(deps, siteMap!);
    const inspections: InspectionRecord[] = (
      await listProjectInspections(deps.db, NORTH, project.id, { pageSize: 100 })
    ).items;
    for (const inspection of inspections.filter((i) => i.certification_date)) {
      const links = await findingLinksOf(deps.db, NORTH, inspection.id);
      for (const link of links) {
        const photos = await listFindingImages(deps.db, NORTH, link.findingId);
        if (photos.length > 0) return { project, inspections, inspection, links, photo: photos[0]! };
      }
    }
  }
  throw new Error('The demo has no certified inspection with photos on a project with a site map');
}

/** A photo of a finding, stored and recorded as POST /api/findings/{id}/uploads records one. */
export async function addFindingPhoto(
  db: Db,
  store: FileStore,
  divisionId: string,
  findingId: string,
  photo: { bytes: Uint8Array; width: number; height: number; rotation: number; annotations?: unknown[] },
) {
  const image = {
    id: randomUUID(),
    findingId,
    name: 'photo.png',
    mime_type: 'image/png',
    objectKey: `findings/${divisionId}/${randomUUID()}`,
    thumbnailKey: `findings/${divisionId}/${randomUUID()}`,
    width: photo.width,
    height: photo.height,
    rotation: photo.rotation,
    annotations: (photo.annotations ?? []) as never[],
    uploadedAt: new Date().toISOString(),
    uploadedBy: 'printing-test',
    version: 0,
  };
  await store.put(image.objectKey, photo.bytes, 'image/png');
  await transact(db, [
    findingImagePutStep(db, divisionId, image),
    findingImageCountStep(db, divisionId, findingId, 1),
  ]);
  return image;
}

export interface ReportPush {
  type: 'channel';
  channel: string;
  report: {
    reportId: string;
    status: string;
    completed: number;
    total: number;
    message: string | null;
    title: string;
    url: string | null;
  };
}

/**
 * Begins a print job over the socket as the SPA does and waits for its channel to say done or
 * error: the reply, every push in order, and the job as GET /api/reports/{id} then answers it
 * (with its download link once done: pushes carry none).
 */
export async function printOverSocket(
  ws: WebSocket,
  token: string,
  job: string,
  message: Record<string, unknown>,
  timeoutMs = 90_000,
) {
  const key = (message.key as string | undefined) ?? `k${randomUUID().replace(/-/g, '')}`;
  const channel = `status:report:${job}:${key}`;
  const pushes = channelMessages(ws, channel) as unknown as ReportPush[];
  const reply = await request(ws, { action: `begin:${job}`, ...message, key });
  if (!reply.ok) return { reply, pushes, key, channel, last: null };
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const last = pushes.at(-1);
    if (last && (last.report.status === 'done' || last.report.status === 'error')) {
      const read = await call<ReportPush['report']>(`/api/reports/${last.report.reportId}`, {
        token,
        divisionId: message.divisionId as string,
      });
      if (read.status !== 200)
        throw new Error(`GET /api/reports: ${read.status} ${JSON.stringify(read.body)}`);
      return { reply, pushes, key, channel, last: read.body };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The ${job} report did not end within ${timeoutMs} ms: ${JSON.stringify(pushes.at(-1))}`);
}

/** Follows a done view's download link as the browser does; answers the PDF's bytes. */
export async function downloadReport(
  url: string,
): Promise<{ status: number; bytes: Uint8Array | null; disposition: string | null }> {
  const redirect = await fetch(`${baseUrl()}${url}`, { redirect: 'manual' });
  if (redirect.status !== 302) return { status: redirect.status, bytes: null, disposition: null };
  const file = await fetch(redirect.headers.get('location')!);
  return {
    status: 302,
    bytes: new Uint8Array(await file.arrayBuffer()),
    disposition: file.headers.get('content-disposition'),
  };
}

/** Saves a PDF under test/artifacts/printing and answers its text per page (pdftotext). */
export function pdfTextPages(name: string, bytes: Uint8Array): string[] {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text.split('\f').slice(0, -1);
}

/** Renders every page to PNG beside the PDF (mupdf, 100 dpi), for a person to look at. */
export function renderPages(name: string, bytes: Uint8Array): string[] {
  mkdirSync(ARTIFACTS, { recursive: true });
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const files: string[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const pixmap = doc
      .loadPage(i)
      .toPixmap(mupdf.Matrix.scale(100 / 72, 100 / 72), mupdf.ColorSpace.DeviceRGB, false, true);
    const file = path.join(ARTIFACTS, `${name}-page-${i + 1}.png`);
    writeFileSync(file, pixmap.asPNG());
    pixmap.destroy();
    files.push(file);
  }
  doc.destroy();
  return files;
}

/** Publishes a project to the public view, or takes it back (what the public account may print: spec 002 §6). */
export async function setProjectPublished(db: Db, divisionId: string, projectId: string, published: boolean) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: projectKeys.project(divisionId, projectId),
      ...(published
        ? {
            UpdateExpression: 'SET publishedAt = :now',
            ExpressionAttributeValues: { ':now': new Date().toISOString() },
          }
        : { UpdateExpression: 'REMOVE publishedAt' }),
    }),
  );
}
