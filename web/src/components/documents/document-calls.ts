import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import {
  fileTypeNotAllowedMessage,
  isAllowedMimeType,
  isImageType,
  uploadProblem,
  type UploadLimits,
} from '@stormline/domain/uploads';
import { ApiError, apiUrl, callApi, type ApiResponse } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { uploadToPresignedUrl, type UploadProgress } from '../../lib/upload';

/** A document as the lists show it (packages/contract/src/documents.ts). */
export type DocumentRow = ApiResponse<typeof uploadsRoutes.renameUpload>;

/** A file the server (or this check) refused: its message goes in the 'Error' dialog (spec 001 §8). */
export class FileRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileRefusedError';
  }
}

/**
 * A refusal of the file itself: the server's 400 names the rule it broke (type by content, size,
 * image dimensions) with the spec's message. Anything else is a failed upload.
 */
export function isFileRefusal(error: unknown): boolean {
  return error instanceof FileRefusedError || (error instanceof ApiError && error.status === 400);
}

/** An image's width and height as the browser decodes it; null when it cannot (the server reads them again). */
async function imageSizeOf(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * The list's own limits checked before a byte is sent (an Active Site Map's 1000x1000, say), with
 * the spec's message: the size, a type the browser names and the list refuses, and an image's
 * dimensions as the browser reads them. What the browser cannot tell (an unnamed type, an image
 * it cannot decode) is left to the server, which checks everything again from the bytes.
 */
export async function refuseBeforeSending(file: File, limits: UploadLimits): Promise<void> {
  // Browsers name a JPEG image/jpeg; the spec's image/jpg is the same type.
  const mimeType = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  if (!mimeType) return;
  const image = isAllowedMimeType(mimeType) && isImageType(mimeType);
  const size = image ? await imageSizeOf(file) : null;
  if (image && !size) return;
  const problem = uploadProblem(
    { name: file.name, size: file.size, mimeType, width: size?.width ?? null, height: size?.height ?? null },
    limits,
  );
  if (problem) throw new FileRefusedError(problem);
}

/**
 * Sends a file straight to storage (ADR 0015): POST /api/uploads answers a presigned PUT URL and
 * an upload ticket, the bytes go to storage with the XHR's progress, and the ticket is what the
 * recording route takes. The server checks the size here (before anything is sent) and the
 * content when the ticket is recorded; this side checks nothing it cannot know without reading.
 */
export async function sendFile(
  divisionId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
  /** What the file is for, which sets its size limit ('logo': a template's, 2 MB). */
  purpose: 'document' | 'logo' = 'document',
): Promise<string> {
  // An empty file is no PNG, JPEG or PDF: the server would refuse its size as no size at all.
  if (file.size === 0) throw new FileRefusedError(fileTypeNotAllowedMessage(file.name));
  const begun = await callApi(uploadsRoutes.createUpload, {
    divisionId,
    body: { name: file.name, size: file.size, purpose },
    signal,
  });
  await uploadToPresignedUrl(begun.url, file, {
    // Storage keeps the type; the server types the file by its bytes, never by this.
    contentType: file.type || 'application/octet-stream',
    onProgress,
    signal,
  });
  return begun.upload;
}

/** PUT /api/uploads/{GUID}/name at the version read (409 when someone changed it meanwhile). */
export function renameDocument(divisionId: string, doc: DocumentRow, name: string) {
  return callApi(uploadsRoutes.renameUpload, {
    divisionId,
    params: { id: doc.GUID },
    body: { name, version: doc.version },
  });
}

/** PUT /api/uploads/{GUID}: the new file's upload replaces the document's file (name and place kept). */
export function replaceDocument(divisionId: string, doc: DocumentRow, upload: string) {
  return callApi(uploadsRoutes.replaceUpload, {
    divisionId,
    params: { id: doc.GUID },
    body: { upload, version: doc.version },
  });
}

/**
 * The address of /dl/{GUID} with a download token of 5 minutes (POST /api/download-links): the
 * session token never goes in a URL. `inline` opens a PDF or image in the browser instead of saving it.
 */
export async function documentHref(doc: Pick<DocumentRow, 'GUID'>, { inline = false } = {}): Promise<string> {
  const { url } = await callApi(uploadsRoutes.createDownloadLink, { body: { path: `/dl/${doc.GUID}` } });
  return apiUrl(url) + (inline ? `${url.includes('?') ? '&' : '?'}disposition=inline` : '');
}

/** Saves the document: the link answers a redirect to storage with the file as an attachment. */
export async function downloadDocument(doc: DocumentRow): Promise<void> {
  saveFile(await documentHref(doc), doc.name);
}

/**
 * Opens a PDF in a new tab for printing (the browser's viewer prints it). The tab is opened at the
 * click, before the link is asked for, so a popup blocker lets it through.
 */
export async function openDocumentForPrint(doc: DocumentRow): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const href = await documentHref(doc, { inline: true });
    if (tab) {
      tab.opener = null;
      tab.location.href = href;
    } else {
      window.location.assign(href);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
