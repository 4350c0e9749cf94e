import { describe, expect, it } from 'vitest';
import { PositionablesUpdate } from '@stormline/contract/map-features';
import { MAP_LIMITS, MAP_MESSAGES } from '@stormline/domain/map-features';
import { MAX_BODY_BYTES } from './http-route';

// Review 21: 500 features of 1000 points each passed the schema and then met the 1 MiB body cap
// (413). The schema caps the points of one save so that the largest save it accepts fits the cap.

/** The longest a double prints in JSON (sign, 17 digits, point, exponent). */
const LONGEST = -2.2250738585072014e-308;
const id = (c: string) => c.repeat(64);

function item(points: number, i: number) {
  return {
    positionables_id: id(String(i % 10)),
    clientId: id('c'),
    positionable_id: id('s'),
    positionable_type: 'control_measure',
    position_x: LONGEST,
    position_y: LONGEST,
    geometry: { type: 'polygon', points: Array.from({ length: points }, () => [LONGEST, LONGEST]) },
    positionable_config: { showLabel: false },
    version: Number.MAX_SAFE_INTEGER,
    remove: false,
  };
}

/** A save of `items` features holding `total` points between them, spread evenly. */
function save(items: number, total: number) {
  return {
    items: Array.from({ length: items }, (_, i) =>
      item(Math.max(3, Math.floor(total / items) + (i < total % items ? 1 : 0)), i),
    ),
  };
}

describe('a map save’s size', () => {
  it('the largest save the schema accepts fits the request body cap', () => {
    const largest = save(MAP_LIMITS.itemsPerSave, MAP_LIMITS.pointsPerSave);
    expect(PositionablesUpdate.safeParse(largest).success).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(largest))).toBeLessThan(MAX_BODY_BYTES);
  });

  it('refuses more points than that with a message saying so', () => {
    const parsed = PositionablesUpdate.safeParse(save(20, MAP_LIMITS.pointsPerSave + 1));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(MAP_MESSAGES.tooManyPoints);
  });
});
