/** How far an upload has gone: bytes sent of the whole, and the fraction for a progress bar. */
export interface UploadProgress {
  loaded: number;
  total: number;
  fraction: number;
}

/** An upload the storage refused (status) or could not reach (status 0). */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * PUTs a file to a presigned S3 URL and reports progress as it goes. XMLHttpRequest, not fetch:
 * fetch gives no upload progress. The URL is signed for the content type, so the same type must be
 * sent. `signal` cancels (the promise rejects with an AbortError, as fetch does).
 *
 *   await uploadToPresignedUrl(url, file, { contentType: file.type, onProgress: (p) => setValue(p.fraction) });
 */
export function uploadToPresignedUrl(
  url: string,
  file: Blob,
  {
    contentType,
    onProgress,
    signal,
  }: { contentType: string; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      onProgress?.({
        loaded: event.loaded,
        total,
        fraction: total > 0 ? Math.min(1, event.loaded / total) : 0,
      });
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size, fraction: 1 });
        resolve();
      } else {
        reject(
          new UploadError(
            request.status,
            `The file could not be stored (HTTP ${request.status}). Try again.`,
          ),
        );
      }
    };
    request.onerror = () =>
      reject(new UploadError(0, 'The file could not be sent. Check your connection and try again.'));
    request.onabort = () => reject(abortError());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}
