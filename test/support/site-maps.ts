import { randomUUID } from 'node:crypto';
import * as mupdf from 'mupdf';
import { addDocument, getDocument, projectOwnerStep, replaceDocumentFile } from '@stormline/data/documents';
import type { DocumentRecord } from '@stormline/data/documents';
import type { Db } from '@stormline/data/dynamo';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { createFileStore } from '@stormline/functions/lib/file-store';
import type { FileStore } from '@stormline/functions/lib/file-store';
import {
  beginConversion,
  finishConversion,
  getConversion,
  pageFileKeys,
  recordPage,
} from '@stormline/data/site-maps';
import { ConflictError } from '@stormline/domain/errors';
import { isConversionRunning } from '@stormline/domain/site-maps';
import { startConversion } from '@stormline/functions/lib/conversion-start';
import type { Deps } from '@stormline/functions/lib/deps';
import { standBeforeInspections } from '@stormline/local/seed/project-documents';
import { makePng, makeSiteMapPdf } from '@stormline/local/seed/demo-files';
import { call, NORTH } from './api';
import { eventually } from './eventually';
import { runtimeEnv } from './runtime';

/** The running product's uploads bucket, reached as its functions reach it. */
export function testFileStore(): FileStore {
  const env = runtimeEnv();
  return createFileStore({
    bucket: env.BUCKET_NAME!,
    region: env.AWS_REGION!,
    endpoint: env.S3_ENDPOINT,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

export { makePng, makeSiteMapPdf };

/** A PDF that needs a password to open (AES-256), saved by mupdf. */
export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const plain = mupdf.Document.openDocument(await makeSiteMapPdf('Locked plan', 1), 'application/pdf');
  const bytes = plain
    .asPDF()!
    .saveToBuffer('encrypt=aes-256,user-password=erosion,owner-password=sediment')
    .asUint8Array();
  plain.destroy();
  return new Uint8Array(bytes);
}

/** Bytes that start like a PDF and are nothing else. */
export function makeCorruptPdf(): Uint8Array {
  return new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R\ntruncated here');
}

/**
 * Records a file as an Active Site Map document of a project, as the project upload route does
 * once its file is checked (helper A's route is not on this branch): the file in the bucket, the
 * document through the data layer. The conversion is started by the test (the convert route).
 */
export async function storeSiteMap(
  db: Db,
  store: FileStore,
  at: { divisionId?: string; projectId: string; createdBy: string; docTypeId?: string },
  file: { name: string; bytes: Uint8Array; mimeType: string; width?: number; height?: number },
): Promise<DocumentRecord> {
  const divisionId = at.divisionId ?? NORTH;
  const id = randomUUID();
  const objectKey = `files/${id}/${randomUUID()}`;
  await store.put(objectKey, file.bytes, file.mimeType);
  return addDocument(
    db,
    {
      id,
      guid: randomUUID(),
      name: file.name,
      mimeType: file.mimeType,
      size: file.bytes.byteLength,
      width: file.width ?? null,
      height: file.height ?? null,
      objectKey,
      owner: {
        kind: 'project',
        divisionId,
        projectId: at.projectId,
        docTypeId: at.docTypeId ?? SITE_MAP_DOC_TYPE_ID,
      },
      createdAt: new Date().toISOString(),
      createdBy: at.createdBy,
    },
    projectOwnerStep(db, divisionId, at.projectId),
  );
}

export interface SiteMapRow {
  id: string;
  GUID: string;
  name: string;
  conversion: { status: string; completed: number; total: number; message: string | null } | null;
  pages: {
    id: string;
    GUID: string;
    page: number;
    width: number;
    height: number;
    thumbnail: { GUID: string; width: number; height: number; url: string };
    deletedAt: string | null;
  }[];
}

/** The project's site maps as the Active Site Map tab reads them (every page of the list). */
export async function siteMapsOf(
  token: string,
  projectId: string,
  divisionId = NORTH,
): Promise<SiteMapRow[]> {
  const rows: SiteMapRow[] = [];
  let cursor: string | null = null;
  do {
    const page: {
      status: number;
      body: { pageData: SiteMapRow[]; paginationState: { nextCursor: string | null } };
    } = await call(`/api/projects/${projectId}/site-maps${cursor ? `?cursor=${cursor}` : ''}`, {
      token,
      divisionId,
    });
    if (page.status !== 200) throw new Error(`site maps: ${page.status} ${JSON.stringify(page.body)}`);
    rows.push(...page.body.pageData);
    cursor = page.body.paginationState.nextCursor;
  } while (cursor);
  return rows;
}

/** Waits for a document's conversion to end (done or error) and answers its row. */
export async function settledSiteMap(
  token: string,
  projectId: string,
  uploadId: string,
): Promise<SiteMapRow> {
  const rows = await eventually(
    () => siteMapsOf(token, projectId),
    (found) => {
      const status = found.find((r) => r.id === uploadId)?.conversion?.status;
      if (status !== 'done' && status !== 'error') throw new Error(`still ${status ?? 'not started'}`);
    },
    90_000,
  );
  return rows.find((r) => r.id === uploadId)!;
}

/** A PNG's pixel size, from its IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * An Active Site Map document whose conversion is done, written through the data layer as the
 * conversion tasks write it (no rendering: the page files are not made), for the map editor's
 * tests: its pages of the given pixel sizes are the document's current pages. Answers the
 * document and its pages' site-map ids (`<uploadId>_<page>`) and GUIDs.
 */
export async function convertedSiteMap(
  db: Db,
  at: { divisionId?: string; projectId: string; createdBy: string },
  name: string,
  sizes: readonly { width: number; height: number }[],
) {
  const doc = await storeSiteMap(db, testFileStore(), at, {
    name,
    bytes: new TextEncoder().encode('%PDF-1.7 (a test stand-in)'),
    mimeType: 'application/pdf',
  });
  return { doc, pages: await convertPages(db, at, doc, doc.objectKey, sizes) };
}

/**
 * The document's file replaced by one whose pages have the given sizes, converted as the tasks
 * record it (a replace stores a new object, so the conversion starts over): answers the new pages.
 */
export async function reconvertedSiteMap(
  db: Db,
  at: { divisionId?: string; projectId: string; createdBy: string },
  doc: DocumentRecord,
  sizes: readonly { width: number; height: number }[],
) {
  const divisionId = at.divisionId ?? NORTH;
  const current = await getDocument(
    db,
    { kind: 'project', divisionId, projectId: at.projectId, docTypeId: SITE_MAP_DOC_TYPE_ID },
    doc.id,
  );
  const replaced = await replaceDocumentFile(
    db,
    current,
    {
      mimeType: current.mimeType,
      size: current.size,
      width: current.width,
      height: current.height,
      objectKey: `files/${doc.id}/${randomUUID()}`,
    },
    current.version,
    new Date(),
    projectOwnerStep(db, divisionId, at.projectId),
  );
  return convertPages(db, at, replaced, replaced.objectKey, sizes);
}

async function convertPages(
  db: Db,
  at: { divisionId?: string; projectId: string; createdBy: string },
  doc: DocumentRecord,
  sourceKey: string,
  sizes: readonly { width: number; height: number }[],
) {
  const divisionId = at.divisionId ?? NORTH;
  const owner = {
    kind: 'project' as const,
    divisionId,
    projectId: at.projectId,
    docTypeId: SITE_MAP_DOC_TYPE_ID,
  };
  const conversionId = randomUUID();
  await beginConversion(db, {
    owner,
    uploadId: doc.id,
    conversionId,
    sourceKey,
    sourceMimeType: doc.mimeType,
    startedBy: at.createdBy,
    now: new Date(),
  });
  const pages = sizes.map((size, i) => ({
    ...size,
    page: i + 1,
    id: randomUUID(),
    guid: randomUUID(),
    thumbnailGuid: randomUUID(),
  }));
  for (const page of pages) {
    const files = pageFileKeys(doc.id, conversionId, page.page);
    await recordPage(
      db,
      {
        id: page.id,
        guid: page.guid,
        thumbnailGuid: page.thumbnailGuid,
        divisionId,
        projectId: at.projectId,
        uploadId: doc.id,
        conversionId,
        page: page.page,
        width: page.width,
        height: page.height,
        thumbnailWidth: 450,
        thumbnailHeight: Math.round((450 * page.height) / page.width),
        imageKey: files.image,
        thumbnailKey: files.thumbnail,
        createdAt: new Date().toISOString(),
      },
      new Date(),
    );
  }
  await finishConversion(
    db,
    { divisionId, projectId: at.projectId, docTypeId: SITE_MAP_DOC_TYPE_ID, uploadId: doc.id, conversionId },
    { name: doc.name, guid: doc.guid },
    new Date(),
  );
  return pages.map((p) => ({ ...p, siteMapId: `${doc.id}_${p.page}` }));
}

/**
 * The demo project's site map converted as `npm start` converts it (the real state machine) and
 * dated as listed before the project's first inspection (standBeforeInspections): the tests'
 * runtime does not convert the demo's site maps, and several files need it converted. Whoever
 * comes first starts it; the others wait for that conversion (a second would be refused).
 */
export async function convertDemoSiteMap(deps: Deps, doc: DocumentRecord): Promise<void> {
  const divisionId = doc.owner.kind === 'group' ? NORTH : doc.owner.divisionId;
  let conversion = await getConversion(deps.db, divisionId, doc.id);
  if (!conversion || (conversion.status !== 'done' && !isConversionRunning(conversion.status))) {
    try {
      conversion = await startConversion(deps, doc, null);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      conversion = await getConversion(deps.db, divisionId, doc.id);
    }
  }
  await standBeforeInspections(deps.db, conversion!, 90_000);
}
