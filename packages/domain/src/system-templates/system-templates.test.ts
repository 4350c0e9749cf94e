import { describe, expect, it } from 'vitest';
import { SYSTEM_TEMPLATES } from './index';

/**
 * Answers are stored by question, option and attestation ids, and an inspection keeps the template
 * version it was started with, so a system template's stored form changes only on purpose: a
 * refactor of the builders must leave every field of every template as it was. A change that is
 * meant updates the snapshot (`vitest run -u`) and shows in review as a diff of the templates.
 */
describe('the system templates as stored', () => {
  it.each(SYSTEM_TEMPLATES.map((t) => [t.name, t] as const))('%s is unchanged', (_name, version) => {
    expect(version).toMatchSnapshot();
  });
});
