import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { namedMessage } from './messages';
import './schemas';

/** What a request's refusal says when the schema gives no message of its own (http-route's parse). */
const messageOf = (schema: z.ZodMiniType, value: unknown) =>
  schema.safeParse(value, { error: namedMessage }).error?.issues[0]?.message;

describe('refusals name the field they are about', () => {
  const Body = z.strictObject({
    name: z.string().check(z.minLength(1, 'Template name is required')),
    template: z.strictObject({
      groups: z.array(z.strictObject({ type: z.enum(['select', 'text']) })),
    }),
  });

  it.each([
    [
      'a wrong value deep in the body',
      { name: 'a', template: { groups: [{ type: 'bogus' }] } },
      'template.groups.0.type: Invalid option: expected one of "select"|"text"',
    ],
    [
      'an unknown field deep in the body',
      { name: 'a', template: { groups: [{ type: 'text', colour: 1 }] } },
      'Unrecognized key: "template.groups.0.colour"',
    ],
    [
      'an unknown field at the top',
      { name: 'a', template: { groups: [] }, roleId: 'x' },
      'Unrecognized key: "roleId"',
    ],
    [
      'a wrong type',
      { name: 3, template: { groups: [] } },
      'name: Invalid input: expected string, received number',
    ],
    ["the schema's own message", { name: '', template: { groups: [] } }, 'Template name is required'],
  ])('%s', (_case, value, message) => {
    expect(messageOf(Body, value)).toBe(message);
  });
});
