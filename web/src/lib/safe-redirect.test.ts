import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('the sign-in return path (?to=)', () => {
  it('accepts paths of this app', () => {
    expect(safeRedirect('/projects')).toBe('/projects');
    expect(safeRedirect('/divisions/north-region/clients?page=2')).toBe(
      '/divisions/north-region/clients?page=2',
    );
  });

  it('refuses other sites, and sign-in or sign-out themselves', () => {
    for (const to of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'projects',
      '/login',
      '/logout?x=1',
    ]) {
      expect(safeRedirect(to)).toBeNull();
    }
    expect(safeRedirect(null)).toBeNull();
  });
});
