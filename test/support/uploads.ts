import { expect } from 'vitest';
import { call, NORTH } from './api';

/**
 * Begins an upload and PUTs the bytes to the presigned URL, as the SPA does: answers the upload
 * ticket a record route takes (and the URL, for tests of the URL itself).
 */
export async function sendFile(
  bytes: Uint8Array,
  fileName: string,
  { token, divisionId = NORTH }: { token: string; divisionId?: string },
): Promise<{ upload: string; url: string }> {
  const begun = await call<{ upload: string; url: string; method: string }>('/api/uploads', {
    method: 'POST',
    token,
    divisionId,
    body: { name: fileName, size: bytes.byteLength },
  });
  expect(begun.status, JSON.stringify(begun.body)).toBe(201);
  const put = await fetch(begun.body.url, { method: 'PUT', body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  return { upload: begun.body.upload, url: begun.body.url };
}

/** A new regulation group of the division with one document in it: the group's id and the document. */
export async function groupWithDocument(
  bytes: Uint8Array,
  fileName: string,
  { token, divisionId = NORTH }: { token: string; divisionId?: string },
): Promise<{ groupId: string; document: { id: string; GUID: string; name: string } }> {
  const group = await call<{ id: string }>('/api/groups/add', {
    method: 'POST',
    token,
    divisionId,
    body: { name: `Group ${crypto.randomUUID().slice(0, 8)}` },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const { upload } = await sendFile(bytes, fileName, { token, divisionId });
  const recorded = await call<{ id: string; GUID: string; name: string }>(
    `/api/groups/${group.body.id}/uploads`,
    {
      method: 'POST',
      token,
      divisionId,
      body: { upload },
    },
  );
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  return { groupId: group.body.id, document: recorded.body };
}
