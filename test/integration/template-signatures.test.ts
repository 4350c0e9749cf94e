import { describe, expect, it } from 'vitest';
import { call, NORTH, tokenFor } from '../support/api';

/**
 * GET /api/templates/{id}/signatures (spec 002 §6, §7): a template's signature groups, lines and
 * attestations as its current version has them, for those who may read templates.
 */

interface Signatures {
  version: number;
  signatureGroups: { group: string; lines: { type: string; userFieldLabel: string }[] }[];
  attestations: { signatureType: string; content: string }[];
}

describe("a template's signatures", () => {
  it('lists the routine template’s groups with their lines and the 40 CFR 122.22 statement', async () => {
    const admin = await tokenFor('admin@example.com');
    const read = await call<Signatures>('/api/templates/routine-stormwater/signatures', {
      token: admin,
      divisionId: NORTH,
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.signatureGroups.map((g) => g.group)).toEqual([
      'inspection',
      'acknowledgement',
      'compliance',
    ]);
    expect(read.body.signatureGroups.every((g) => g.lines.length > 0)).toBe(true);
    expect(read.body.attestations.find((a) => a.signatureType === 'compliance')!.content).toMatch(
      /^I certify under penalty of law/,
    );
  });

  it('is refused without read on Inspection Templates, and unknown templates are not found', async () => {
    const inspector = await tokenFor('inspector@example.com');
    expect(
      (await call('/api/templates/routine-stormwater/signatures', { token: inspector, divisionId: NORTH }))
        .status,
    ).toBe(403);
    const admin = await tokenFor('admin@example.com');
    expect(
      (await call('/api/templates/no-such-template/signatures', { token: admin, divisionId: NORTH })).status,
    ).toBe(404);
  });
});
