import { describe, it, expect } from 'vitest';
import * as z from 'zod/mini';
import { can, RESOURCES } from '@stormline/domain/permissions';
import { grantsOf, roleByName } from '@stormline/domain/roles';
import { AREAS, ROUTES } from './route-table';
import { createRouteMatcher } from './match-route';
import { kebab, pathParamNames } from './route';

/**
 * The paths of every object inside a schema that lets unknown keys through: in a request they
 * would be accepted silently, in a response stripped silently (a record's passwordHash must fail
 * loudly in tests, not vanish by luck).
 */
function looseObjects(schema: z.ZodMiniType, at = '$'): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => looseObjects(def[key] as z.ZodMiniType, at);
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as z.ZodMiniType | undefined;
      const own = catchall?._zod.def.type === 'never' ? [] : [at];
      const shape = def.shape as Record<string, z.ZodMiniType>;
      return [
        ...own,
        ...Object.entries(shape).flatMap(([key, value]) => looseObjects(value, `${at}.${key}`)),
      ];
    }
    case 'array':
      return looseObjects(def.element as z.ZodMiniType, `${at}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return inner('innerType');
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    case 'union':
      return (def.options as z.ZodMiniType[]).flatMap((option) => looseObjects(option, at));
    case 'record':
    case 'unknown':
    case 'any':
      return [at];
    default:
      return [];
  }
}

describe('route table', () => {
  it('declares every method and path once', () => {
    const keys = ROUTES.map((r) => r.key);
    const duplicates = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(duplicates).toEqual([]);
  });

  it('gives every route a unique handler module named after it', () => {
    const handlers = ROUTES.map((r) => r.handler);
    expect(new Set(handlers).size).toBe(handlers.length);
    for (const route of ROUTES) {
      expect(route.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(route.handler).toBe(`${route.area}/${kebab(route.name)}`);
      expect(route.summary.trim()).not.toBe('');
      expect(route.summary).not.toContain('\n');
    }
  });

  it('declares every path parameter in the params schema', () => {
    for (const route of ROUTES) {
      const names = pathParamNames(route.path);
      expect(new Set(names).size, `${route.key} repeats a parameter name`).toBe(names.length);
      expect(route.params, route.key).toBeInstanceOf(z.ZodMiniObject);
      const shape = (route.params as z.ZodMiniObject).shape;
      for (const name of names) expect(Object.keys(shape), `${route.key} params`).toContain(name);
    }
  });

  it('names a path parameter as the caller only when the path has it', () => {
    for (const route of ROUTES.filter((r) => r.self)) {
      expect(pathParamNames(route.path), route.key).toContain(route.self);
      expect(route.access.kind, route.key).not.toBe('anonymous');
    }
  });

  it('holds every implemented route to strict schemas it declared itself', () => {
    for (const route of ROUTES.filter((r) => r.implemented)) {
      for (const part of ['params', 'query', 'body', 'response'] as const) {
        const needed = part !== 'params' || pathParamNames(route.path).length > 0;
        if (part === 'body' && route.method === 'GET') continue;
        if (needed) expect(route.declared[part], `${route.key} declares no ${part} schema`).toBe(true);
        expect(looseObjects(route[part]), `${route.key} ${part} accepts unknown fields`).toEqual([]);
      }
    }
  });

  it('names a path parameter as the division only when the path has it', () => {
    for (const route of ROUTES.filter((r) => r.divisionParam)) {
      expect(pathParamNames(route.path), route.key).toContain(route.divisionParam);
      expect(route.division, route.key).toBe('required');
    }
  });

  it('never marks a write publicRead (signing out and asking for a download link aside)', () => {
    // Neither changes a record: one ends the caller's own session, the other signs a link.
    const allowed = new Set(['POST /api/logout', 'POST /api/download-links']);
    const publicWrites = ROUTES.filter((r) => r.method !== 'GET' && r.publicRead && !allowed.has(r.key)).map(
      (r) => r.key,
    );
    expect(publicWrites).toEqual([]);
  });

  it('lets the Public account pass the access rule of every publicRead route', () => {
    const publicGrants = grantsOf(roleByName('Public'));
    for (const route of ROUTES.filter((r) => r.publicRead)) {
      if (route.access.kind !== 'permission') continue;
      expect(can(publicGrants, route.access.action, route.access.resource), route.key).toBe(true);
    }
  });

  it('takes the token from the query only on GET download links', () => {
    const keys = ROUTES.filter((r) => r.tokenInQuery).map((r) => r.key);
    expect(keys.sort()).toEqual(['GET /api/download/{reportId}.pdf', 'GET /dl/{id}']);
  });

  it('asks only for permissions on known resources', () => {
    const labels = new Set<string>(RESOURCES.map((r) => r.label));
    for (const route of ROUTES) {
      if (route.access.kind === 'permission') expect(labels, route.key).toContain(route.access.resource);
    }
  });

  it('holds every route of the spec documents', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(160);
    expect(Object.keys(AREAS)).toEqual(
      expect.arrayContaining(['dashboard', 'projects', 'inspections', 'findings', 'templates', 'public']),
    );
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const path of [
      '/customdashboard',
      '/customdashboard1',
      '/calendar/getCalendarData',
      '/api/divisions/{id}/calendar/getCalendarData',
      '/api/inspection-templat/{templateId}/upload-logo',
      '/api/inspection-templates/{templateId}/upload-logo',
      '/api/download/{reportId}.pdf',
      '/dl/{id}',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});

describe('createRouteMatcher', () => {
  const match = createRouteMatcher(ROUTES);

  it('prefers literal segments over parameters', () => {
    expect(match('GET', '/api/users/profile')?.route.name).toBe('getProfile');
    expect(match('GET', '/api/users/u-1')).toMatchObject({
      route: { name: 'getUser' },
      params: { id: 'u-1' },
    });
    expect(match('GET', '/api/inspections/templates')?.route.name).toBe('listInspectionTemplates');
    expect(match('GET', '/api/projects/post-storm')?.route.name).toBe('getPostStormQuestions');
  });

  it('reads a parameter followed by a literal suffix in one segment', () => {
    const found = match('GET', '/api/download/abc.pdf');
    expect(found?.route.name).toBe('downloadReport');
    expect(found?.params).toEqual({ reportId: 'abc' });
  });

  it('matches the paths outside /api and the misspelled logo path', () => {
    expect(match('GET', '/customdashboard')?.route.name).toBe('listWidgets');
    expect(match('POST', '/customdashboard1')?.route.name).toBe('saveWidgets');
    expect(match('GET', '/dl/0b7c-guid')?.params).toEqual({ id: '0b7c-guid' });
    expect(match('POST', '/api/inspection-templat/t1/upload-logo')?.route.name).toBe('uploadTemplateLogo');
    expect(match('POST', '/api/inspection-templates/t1/upload-logo')?.route.name).toBe(
      'uploadTemplateLogoAlias',
    );
  });

  it('reaches every route of the table (no route hides another)', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => `v-${name}`);
      const found = match(route.method, path);
      expect(found?.route.key, path).toBe(route.key);
      for (const name of pathParamNames(route.path)) expect(found?.params[name]).toBe(`v-${name}`);
    }
  });

  it('matches nothing for unknown paths or methods', () => {
    expect(match('GET', '/api/unknown')).toBeUndefined();
    expect(match('PATCH', '/api/users/profile')).toBeUndefined();
  });
});
