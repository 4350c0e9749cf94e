import type * as z from 'zod/mini';

/**
 * English for the failures a schema gives no message of its own. zod/mini ships none ("Invalid
 * input" for all), and zod's English locale costs every Lambda a couple of milliseconds at
 * start-up for dozens of cases we never meet; these are the ones requests can reach.
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${typeName(issue.input)}`;
    case 'too_small':
      return `Too small: expected ${issue.origin === 'string' ? 'at least ' + String(issue.minimum) + ' characters' : '>= ' + String(issue.minimum)}`;
    case 'too_big':
      return `Too big: expected ${issue.origin === 'string' ? 'at most ' + String(issue.maximum) + ' characters' : '<= ' + String(issue.maximum)}`;
    case 'invalid_value':
      return `Invalid option: expected one of ${issue.values.map((v) => JSON.stringify(v)).join('|')}`;
    case 'invalid_format':
      return `Invalid ${issue.format}`;
    default:
      return undefined;
  }
}

/**
 * The same English naming the field it is about, for a request's body, query or path: a
 * field deep in a body (an imported template's `template.question_groups.0.questions.1.question_type_id`)
 * is then named in the one message the caller sees. Top-level failures read as plainMessage's.
 * Used as the parse's error map, so a schema's own message ('Template name is required') still wins.
 */
export function namedMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const path = (issue.path ?? []).map(String);
  if (issue.code === 'unrecognized_keys' && path.length > 0)
    return plainMessage({ ...issue, keys: issue.keys.map((k) => [...path, k].join('.')) });
  const message = plainMessage(issue);
  return message && path.length > 0 ? `${path.join('.')}: ${message}` : message;
}

function typeName(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'NaN';
  return typeof input;
}
