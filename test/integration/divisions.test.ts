import { describe, expect, it } from 'vitest';
import { call, NORTH, tokenFor } from '../support/api';

interface Division {
  id: string;
  name: string;
  createdAt: string;
  version: number;
}

describe('divisions', () => {
  it('lists the demo divisions by name, paginated', async () => {
    const token = await tokenFor('divisions.admin@example.com');
    const response = await call<{ pageData: Division[]; paginationState: { numModels: number } }>(
      '/api/divisions',
      {
        token,
      },
    );
    expect(response.status).toBe(200);
    const names = response.body.pageData.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['North Region', 'South Region']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(response.body.paginationState.numModels).toBeGreaterThanOrEqual(2);
  });

  it('searches by name', async () => {
    const token = await tokenFor('divisions.admin@example.com');
    const response = await call<{ pageData: Division[] }>('/api/divisions?s=sOuTh', { token });
    expect(response.body.pageData.map((d) => d.name)).toEqual(['South Region']);
  });

  it('creates, reads and renames a division; a stale rename answers 409 and keeps the first', async () => {
    const token = await tokenFor('admin@example.com');
    const created = await call<Division>('/api/divisions', {
      method: 'POST',
      token,
      body: { name: 'West Region' },
    });
    expect(created.status).toBe(201);
    // The gateway reports the DynamoDB capacity a request consumed (the benchmark reads it).
    expect(Number(created.headers.get('x-consumed-write-units'))).toBeGreaterThan(0);
    expect(created.body).toMatchObject({ name: 'West Region', version: 0 });

    const renamed = await call<Division>(`/api/divisions/${created.body.id}`, {
      method: 'PUT',
      token,
      body: { name: 'Pacific Region', version: 0 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Pacific Region', version: 1 });

    const stale = await call(`/api/divisions/${created.body.id}`, {
      method: 'PUT',
      token,
      body: { name: 'Mountain Region', version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: 'This record was changed by someone else. Reload it and try again.',
    });

    const read = await call<Division>(`/api/divisions/${created.body.id}`, { token });
    expect(read.body.name).toBe('Pacific Region');
  });

  it("answers 404 for a division that doesn't exist", async () => {
    const token = await tokenFor('admin@example.com');
    expect((await call('/api/divisions/no-such-division', { token })).status).toBe(404);
    const rename = await call('/api/divisions/no-such-division', {
      method: 'PUT',
      token,
      body: { name: 'X', version: 0 },
    });
    expect(rename.status).toBe(404);
    expect(rename.body).toEqual({ message: 'Division not found' });
  });

  it("requires a name: 'Division name is required'", async () => {
    const token = await tokenFor('admin@example.com');
    const response = await call('/api/divisions', { method: 'POST', token, body: { name: '   ' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'Division name is required' });
  });

  it('refuses an Inspector, who has no Divisions permission', async () => {
    const token = await tokenFor('inspector@example.com');
    const response = await call('/api/divisions', { token, divisionId: NORTH });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Your role does not allow read on Divisions' });
  });
});
