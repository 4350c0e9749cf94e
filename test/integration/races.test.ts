import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@stormline/data/clients';
import {
  claimUpload,
  releaseUpload,
  UPLOAD_CLAIM_LEASE_SECONDS,
  UPLOAD_TAKEN_MESSAGE,
  uploadRecordedStep,
} from '@stormline/data/documents';
import { keys } from '@stormline/data/keys';
import { transact } from '@stormline/data/transact';
import { createProject } from '@stormline/data/projects';
import { endSessions, setSignatureAuthorization } from '@stormline/data/users';
import { makeJpeg, makePng } from '@stormline/local/seed/demo-files';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { call, NORTH, tokenFor } from '../support/api';
import { lastMessageTo, linkToken } from '../support/outbox';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * Writes that happen once (an invitation per email, a registration per link, a password reset
 * per link, one open inspection per project, a finding's photo per upload), asked several times
 * at once as a double click or a retried request asks them: one is done, the others get a 4xx
 * that says why, never a 500, and nothing is written twice.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

let admin: string;
beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
});

const AT_ONCE = 4;
const atOnce = <T>(request: () => Promise<T>) => Promise.all(Array.from({ length: AT_ONCE }, request));
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
const shown = (answers: { status: number; body: unknown }[]) =>
  JSON.stringify(answers.map((a) => [a.status, a.body]));

async function project() {
  const client = await createClient(db, NORTH, sampleClient(`Race client ${randomUUID().slice(0, 6)}`));
  return createProject(
    db,
    sampleProject({
      divisionId: NORTH,
      client_id: client.id,
      name: `Race site ${randomUUID().slice(0, 6)}`,
      inspection_template_id: 'routine-stormwater',
    }),
  );
}

describe('the same write asked for several times at once', () => {
  it('inviting one email: one user is invited, the others are told it is taken', async () => {
    const email = `race-${randomUUID().slice(0, 8)}@example.com`;
    const invite = () =>
      call<{ users?: { email: string }[]; message?: string }>('/api/users', {
        method: 'POST',
        token: admin,
        divisionId: NORTH,
        body: { emails: [email], roleId: 'inspector', divisionIds: [NORTH] },
      });
    const answers = await atOnce(invite);
    expect(statuses(answers), shown(answers)).toEqual([201, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409))
      expect(lost.body).toEqual({ message: `A user with the email ${email} already exists` });
    const users = await call<{ pageData: { email: string }[] }>(`/api/users?s=${email}`, {
      token: admin,
      divisionId: NORTH,
    });
    expect(users.body.pageData.filter((u) => u.email === email)).toHaveLength(1);
  });

  it('registering with one invitation link: one account, the others refused', async () => {
    const email = `race-${randomUUID().slice(0, 8)}@example.com`;
    await call('/api/users', {
      method: 'POST',
      token: admin,
      divisionId: NORTH,
      body: { emails: [email], roleId: 'inspector', divisionIds: [NORTH] },
    });
    const token = linkToken(await lastMessageTo(email), '/user/register/');
    const register = (n: number) => () =>
      call('/api/register', {
        method: 'POST',
        body: {
          token,
          first_name: `Racer${n}`,
          last_name: 'Twice',
          phone: '0113 496 0000',
          phone_ext: '',
          position: 'Field Inspector',
          password: `Fresh-Passw0rd-${n}`,
          electronicSignatureAuthorization: true,
          dataPolicySignature: true,
        },
      });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => register(n)()));
    // The losers are told what the link says a moment later: it has been used.
    expect(statuses(answers), shown(answers)).toEqual([200, 404, 404, 404]);
    for (const lost of answers.filter((a) => a.status === 404))
      expect(lost.body).toEqual({
        message:
          'This invitation link is not valid or has expired. Ask your administrator to invite you again.',
      });
    const winner = answers.findIndex((a) => a.status === 200) + 1;
    const signIn = (n: number) =>
      call('/api/login', { method: 'POST', body: { email, password: `Fresh-Passw0rd-${n}` } });
    expect((await signIn(winner)).status).toBe(200);
    for (const n of [1, 2, 3, 4].filter((n) => n !== winner)) expect((await signIn(n)).status).toBe(401);
  });

  it('resetting a password with one link: one password is set, the others refused', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    await call('/api/forgotPassword', { method: 'POST', body: { email: user.email } });
    const token = linkToken(await lastMessageTo(user.email), '/reset-password/');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call('/api/resetPassword', { method: 'POST', body: { token, password: `Brand-New-Passw0rd-${n}` } }),
      ),
    );
    // The losers are told what the link says a moment later: it has been used.
    expect(statuses(answers), shown(answers)).toEqual([200, 404, 404, 404]);
    for (const lost of answers.filter((a) => a.status === 404))
      expect(lost.body).toEqual({
        message: 'This password reset link is not valid or has expired. Please request a new one.',
      });
    const winner = answers.findIndex((a) => a.status === 200) + 1;
    const signIn = (n: number) =>
      call('/api/login', {
        method: 'POST',
        body: { email: user.email, password: `Brand-New-Passw0rd-${n}` },
      });
    expect((await signIn(winner)).status).toBe(200);
    for (const n of [1, 2, 3, 4].filter((n) => n !== winner)) expect((await signIn(n)).status).toBe(401);
  });

  it('starting an inspection of one project: one inspection, the others told to complete it first', async () => {
    const site = await project();
    const start = () =>
      call<{ id?: string; message?: string }>('/api/inspections', {
        method: 'POST',
        token: admin,
        divisionId: NORTH,
        body: { projectId: site.id, type: 'Routine' },
      });
    const answers = await atOnce(start);
    expect(statuses(answers), shown(answers)).toEqual([201, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409))
      expect(lost.body).toEqual({
        message: 'Complete the existing inspection(s) before creating a new one.',
      });
    const list = await call<{ pageData: { id: string }[] }>(`/api/projects/${site.id}/inspections`, {
      token: admin,
      divisionId: NORTH,
    });
    expect(list.body.pageData).toHaveLength(1);
  });

  it('recording one photo upload on a finding: one photo, the others told it is already added', async () => {
    const user = await createTestUser('Admin', [NORTH]);
    const token = await signInAs(user);
    const site = await project();
    const inspection = await call<{ id: string }>('/api/inspections', {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { projectId: site.id, type: 'Routine' },
    });
    const send = async (bytes: Uint8Array, name: string) => {
      const begun = await call<{ upload: string; url: string }>('/api/uploads', {
        method: 'POST',
        token,
        divisionId: NORTH,
        body: { name, size: bytes.byteLength },
      });
      await fetch(begun.body.url, { method: 'PUT', body: Buffer.from(bytes) });
      return begun.body.upload;
    };
    const finding = await call<{ id: string }>(`/api/inspections/${inspection.body.id}/findings`, {
      method: 'POST',
      token,
      divisionId: NORTH,
      body: { finding_type_id: 'ca', location: 'North gate', date_initiated: '2026-03-02' },
    });
    expect(finding.status, JSON.stringify(finding.body)).toBe(201);
    const uploads = [
      { upload: await send(makeJpeg(64, 48), 'fence.jpg'), thumbnail: await send(makePng(32, 24), 't.png') },
    ];
    const record = () =>
      call(`/api/findings/${finding.body.id}/uploads`, {
        method: 'POST',
        token,
        divisionId: NORTH,
        body: { uploads },
      });
    const answers = await atOnce(record);
    expect(statuses(answers), shown(answers)).toEqual([201, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409))
      expect(lost.body).toEqual({ message: 'This file has already been added. Refresh to see it.' });
    const photos = await call<{ images?: unknown[] }>(`/api/findings/${finding.body.id}`, {
      token,
      divisionId: NORTH,
    });
    expect(JSON.stringify(photos.body)).toContain('fence.jpg');
  });
  it('a write of a user’s own flag that loses the race with their deletion is a 404, not a 500', async () => {
    // The guard read the user; an administrator deleted them before the write: the same write,
    // made once the record has gone, as the losing request makes it.
    const goneId = randomUUID();
    await expect(setSignatureAuthorization(db, goneId, true)).rejects.toMatchObject({
      status: 404,
      message: 'User not found',
    });
    await expect(endSessions(db, goneId)).rejects.toMatchObject({ status: 404, message: 'User not found' });
    expect(await storedItem(db, keys.user(goneId))).toBeUndefined();
  });
});

describe('an upload claim left by a request that crashed', () => {
  const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);
  const claimKey = (key: string) => ({ pk: `UPLOADED#${key}`, sk: 'UPLOADED' });

  it('holds the upload for a lease of minutes, not a day, and a recorded one for the day', async () => {
    const key = `pending/${randomUUID()}`;
    const crashedAt = new Date();
    await claimUpload(db, key, crashedAt); // the request claimed, then died before recording
    await expect(claimUpload(db, key, later(crashedAt, 30))).rejects.toThrow(UPLOAD_TAKEN_MESSAGE);
    const retriedAt = later(crashedAt, UPLOAD_CLAIM_LEASE_SECONDS + 1);
    const retry = await claimUpload(db, key, retriedAt);
    await transact(db, [uploadRecordedStep(db, retry)]);
    await expect(claimUpload(db, key, later(retriedAt, 60 * 60))).rejects.toThrow(UPLOAD_TAKEN_MESSAGE);
    expect(await storedItem(db, claimKey(key))).toMatchObject({
      heldUntil: Math.floor(retriedAt.getTime() / 1000) + 24 * 60 * 60,
    });
  });

  it('lets a request that outlived its lease neither record nor give back the claim a retry took', async () => {
    const key = `pending/${randomUUID()}`;
    const slowAt = new Date();
    const slow = await claimUpload(db, key, slowAt);
    const retry = await claimUpload(db, key, later(slowAt, UPLOAD_CLAIM_LEASE_SECONDS + 1));
    await expect(transact(db, [uploadRecordedStep(db, slow)])).rejects.toThrow(UPLOAD_TAKEN_MESSAGE);
    await releaseUpload(db, slow);
    expect(await storedItem(db, claimKey(key))).toMatchObject({ claimToken: retry.token });
  });
});
