import { describe, expect, it } from 'vitest';
import { ForbiddenError, ValidationError } from '@stormline/domain/errors';
import { DOCUMENT_LIST_LIMITS, REPLACE_LIMITS } from '@stormline/domain/uploads';
import { checkPendingFile, keepFile } from './file-check';
import type { FileStore } from './file-store';
import { issueUploadTicket, readUploadTicket } from './upload-ticket';
import type { UploadTicket } from './upload-ticket';

/** The bucket as a map of keys to bytes, with what was read recorded. */
function memoryStore(objects: Record<string, Uint8Array>) {
  const reads: [number, number][] = [];
  const store: FileStore = {
    presignPut: async (key) => `https://example.test/${key}`,
    presignGet: async (key) => `https://example.test/${key}`,
    size: async (key) => objects[key]?.byteLength ?? null,
    readRange: async (key, start, end) => {
      reads.push([start, end]);
      return objects[key]!.subarray(start, end + 1);
    },
    copy: async (from, to) => {
      if (!objects[from]) return false;
      objects[to] = objects[from]!;
      return true;
    },
    put: async (key, body) => {
      objects[key] = body;
    },
    remove: async (key) => {
      delete objects[key];
    },
  };
  return { store, objects, reads };
}

const ticket: UploadTicket = {
  key: 'pending/north/abc',
  userId: 'u1',
  divisionId: 'north',
  fileName: 'plan.pdf',
  expiresAt: 2_000_000_000,
};

/** The start of a PNG: its signature and header chunk, which is all that is read of it. */
function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  const view = new DataView(bytes.buffer);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

/** A JPEG whose size marker comes after large APP blocks (EXIF, ICC profile: 64 KB each at most). */
function jpegWithLargeExif(width: number, height: number, blocks: number, blockBytes: number): Uint8Array {
  const app = (n: number) => {
    const segment = new Uint8Array(blockBytes + 4);
    segment.set([0xff, 0xe1 + n, ((blockBytes + 2) >> 8) & 0xff, (blockBytes + 2) & 0xff]);
    return [...segment];
  };
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03];
  const apps = Array.from({ length: blocks }, (_, n) => app(n)).flat();
  return new Uint8Array([0xff, 0xd8, ...apps, ...sof, ...new Array(9).fill(0x11), 0xff, 0xd9]);
}

describe('checking an uploaded file', () => {
  it('takes the type from the bytes, not the name, and an image its dimensions', async () => {
    const { store } = memoryStore({ [ticket.key]: png(64, 50) });
    await expect(checkPendingFile(store, ticket, DOCUMENT_LIST_LIMITS)).resolves.toEqual({
      mimeType: 'image/png',
      size: expect.any(Number),
      width: 64,
      height: 50,
    });
  });

  it('refuses what is not png, jpeg or pdf, and deletes it', async () => {
    const { store, objects } = memoryStore({ [ticket.key]: new TextEncoder().encode('GIF89a not really') });
    await expect(checkPendingFile(store, ticket, DOCUMENT_LIST_LIMITS)).rejects.toThrow(
      new ValidationError('plan.pdf is not an allowed file type. Please add a png, jpeg or pdf file'),
    );
    expect(objects[ticket.key]).toBeUndefined();
  });

  it('refuses a file over the limit without reading it, and deletes it', async () => {
    const big = new Uint8Array(75 * 1024 * 1024 + 1);
    const { store, objects, reads } = memoryStore({ [ticket.key]: big });
    await expect(checkPendingFile(store, ticket, DOCUMENT_LIST_LIMITS)).rejects.toThrow(
      'plan.pdf is too large. Max file size is 75MB',
    );
    expect(reads).toEqual([]);
    expect(objects[ticket.key]).toBeUndefined();
  });

  it('applies the replace minimum of 20x20', async () => {
    const { store } = memoryStore({ [ticket.key]: png(20, 20) });
    await expect(checkPendingFile(store, ticket, REPLACE_LIMITS)).resolves.toMatchObject({ width: 20 });
    const small = memoryStore({ [ticket.key]: png(19, 30) });
    await expect(checkPendingFile(small.store, ticket, REPLACE_LIMITS)).rejects.toThrow(
      'plan.pdf dimensions do not meet the minimum size of 20x20',
    );
  });

  it('reads a JPEG whole when its size sits behind a large EXIF block', async () => {
    const { store, reads } = memoryStore({ [ticket.key]: jpegWithLargeExif(300, 200, 2, 40_000) });
    await expect(checkPendingFile(store, ticket, DOCUMENT_LIST_LIMITS)).resolves.toMatchObject({
      mimeType: 'image/jpeg',
      width: 300,
      height: 200,
    });
    expect(reads).toHaveLength(2);
  });

  it('answers the upload failure when nothing arrived', async () => {
    const { store } = memoryStore({});
    await expect(checkPendingFile(store, ticket, DOCUMENT_LIST_LIMITS)).rejects.toThrow(
      'An error has occurred. The document failed to upload',
    );
  });

  it('keeps a checked file under its document, once: the same upload twice finds it gone', async () => {
    const { store, objects } = memoryStore({ [ticket.key]: png(50, 50) });
    const key = await keepFile(store, ticket, 'doc1');
    expect(key).toMatch(/^files\/doc1\//);
    expect(objects[ticket.key]).toBeUndefined();
    await expect(keepFile(store, ticket, 'doc1')).rejects.toThrow(ValidationError);
  });
});

describe('upload tickets', () => {
  const secret = 'test-secret';
  const now = new Date(1_900_000_000_000);
  const caller = { userId: 'u1', divisionId: 'north' };

  it('give back what the server signed, for its user in its division', () => {
    const token = issueUploadTicket(ticket, secret);
    expect(readUploadTicket(token, secret, caller, now)).toEqual(ticket);
  });

  it('refuse an edited ticket, another user or division, and an expired one', () => {
    const token = issueUploadTicket(ticket, secret);
    const [payload, mac] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ ...ticket, key: 'files/someone-else' })).toString(
      'base64url',
    );
    expect(() => readUploadTicket(`${edited}.${mac}`, secret, caller, now)).toThrow(
      'The upload is not valid. Upload the file again.',
    );
    expect(() => readUploadTicket(`${payload}.${mac}`, 'other-secret', caller, now)).toThrow(ValidationError);
    expect(() => readUploadTicket(token, secret, { ...caller, userId: 'u2' }, now)).toThrow(ForbiddenError);
    expect(() => readUploadTicket(token, secret, { ...caller, divisionId: 'south' }, now)).toThrow(
      'This upload is not yours',
    );
    expect(() => readUploadTicket(token, secret, caller, new Date(2_000_000_001_000))).toThrow(
      'The upload has expired. Upload the file again.',
    );
  });
});
