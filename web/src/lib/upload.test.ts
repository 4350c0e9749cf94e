import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadError, uploadToPresignedUrl, type UploadProgress } from './upload';

/**
 * A stand-in for the browser's XMLHttpRequest that the test drives step by step: happy-dom sends
 * no upload progress events. The real PUT to storage is covered where a screen uploads.
 */
class SteppedRequest {
  static last: SteppedRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    SteppedRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number) {
    this.status = status;
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

const photo = new Blob([new Uint8Array(1000)], { type: 'image/jpeg' });

describe('uploading to a presigned URL', () => {
  it('PUTs the file with its signed content type and reports progress to the end', async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    const seen: UploadProgress[] = [];
    const done = uploadToPresignedUrl('https://bucket.test/photo?sig=1', photo, {
      contentType: 'image/jpeg',
      onProgress: (progress) => seen.push(progress),
    });
    const request = SteppedRequest.last;
    expect([request.method, request.url, request.headers['Content-Type'], request.body]).toEqual([
      'PUT',
      'https://bucket.test/photo?sig=1',
      'image/jpeg',
      photo,
    ]);
    request.progress(250, 1000);
    request.progress(1000, 1000);
    request.answer(200);
    await done;
    expect(seen.map((progress) => progress.fraction)).toEqual([0.25, 1, 1]);
  });

  it('rejects with the storage’s status when it refuses', async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    const done = uploadToPresignedUrl('https://bucket.test/photo', photo, { contentType: 'image/jpeg' });
    SteppedRequest.last.answer(403);
    await expect(done).rejects.toEqual(
      new UploadError(403, 'The file could not be stored (HTTP 403). Try again.'),
    );
  });

  it('cancels with the signal', async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    const controller = new AbortController();
    const done = uploadToPresignedUrl('https://bucket.test/photo', photo, {
      contentType: 'image/jpeg',
      signal: controller.signal,
    });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
