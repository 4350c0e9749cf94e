/**
 * Writes docs/api/openapi.json (OpenAPI 3.1) and docs/api/routes.md from the route table.
 *
 *   npx tsx packages/contract/scripts/write-openapi.ts          write both files
 *   npx tsx packages/contract/scripts/write-openapi.ts --check  exit 1 when either is out of date
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { AREAS, ROUTES } from '../src/route-table';
import { ErrorBody, pathParamNames } from '../src/route';
import type { Access, Route } from '../src/route';

type JsonSchema = Record<string, unknown>;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OPENAPI_FILE = join(ROOT, 'docs/api/openapi.json');
const ROUTES_FILE = join(ROOT, 'docs/api/routes.md');

/**
 * What each area (an OpenAPI tag) holds, for a reader of the API. Kept here rather than on
 * defineArea: an area is the map of its routes that the table, the handlers and the CDK app
 * iterate, and a docs-only string would ride in every Lambda of the area (docs/decisions/0007).
 * Keyed by the route table's areas, so a new area does not type-check until it is described.
 */
const AREA_DESCRIPTIONS: Record<keyof typeof AREAS, string> = {
  dashboard:
    "The caller's dashboard: the widget layout and the data of each widget. The " +
    "/api/divisions/{id}/... paths name the caller's working division.",
  weather: 'The weather strip of the dashboard: day forecasts for a location.',
  projects:
    'Projects: lists, detail, creating, archiving and restoring, the next inspection date, document ' +
    'types and post-storm entry for several projects at once.',
  inspections:
    'Inspections of a project: creating, editing, reopening, notes and reassigning an inspector’s ' +
    'inspections to another user.',
  certification: 'Signing and certifying inspections: the certification state and each signature.',
  auth: 'Sign-in and sign-out, registration from an invitation, forgotten and reset password.',
  profile: "The signed-in user's own profile: read it (with permissions and navigation) and update it.",
  users:
    'Administration of users (invite, edit, status, permissions, delete), their notification ' +
    'settings and e-signature consent, and roles.',
  notifications: "The caller's in-app notifications and summary-email frequency.",
  clients: 'Clients, their contacts and projects, and the address reference lists.',
  divisions:
    'Divisions and their resource tabs (users, clients, regulations, templates). The division in ' +
    'the path is the subject, so the divisionId header is not required.',
  regulations: 'Regulation groups (document groups); their documents are in the uploads area.',
  'legend-items':
    "Map legend items: the global list, and a project's own legend items (the map editor's control " +
    'measures and pollutant sources).',
  uploads:
    'Uploads and the documents of regulation groups, legend items and projects (create, replace, ' +
    'rename, sort, delete, convert), downloads and PDF annotations, and the short-lived download ' +
    'links the browser opens.',
  reports:
    "Printed reports: the finished PDF of the caller's print job. The job runs over the WebSocket API.",
  findings: 'Findings of an inspection: recording, completing, notes, reopening and images.',
  questions:
    'The questionnaire of an inspection, question comments and the question configuration it renders with.',
  map: 'The positioned features of a site map and the map notes source model.',
  public:
    'Headers of the public read-only views. The other public reads are the ordinary GET routes ' +
    'marked x-public-read.',
  templates:
    'Inspection templates: question groups, questions and their configuration, finding types, ' +
    'signatures and the logo. Only user templates are editable.',
};

/** Error statuses every operation may answer, each with an ErrorBody. */
const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Invalid request (validation failed, or divisionId is required!)',
  '401': 'Not signed in, or the session has ended',
  '403': 'The caller may not do this (permission, division or public read-only view)',
  '404': 'Not found',
  '409': 'The record changed since it was read (stale version) or conflicts with another',
  '429': 'Too many requests',
};

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function isUndefined(schema: z.ZodMiniType): boolean {
  return schema instanceof z.ZodMiniUndefined;
}

function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'anonymous':
      return 'anonymous';
    case 'signed-in':
      return 'signed in';
    case 'permission':
      return `${access.action} ${access.resource}`;
  }
}

function parameters(route: Route): JsonSchema[] {
  const result: JsonSchema[] = [];
  const params = jsonSchema(route.params, 'input');
  const paramProps = (params.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathParamNames(route.path)) {
    result.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  }

  const query = jsonSchema(route.query, 'input');
  const queryProps = (query.properties ?? {}) as Record<string, JsonSchema>;
  const requiredQuery = new Set((query.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(queryProps)) {
    result.push({ name, in: 'query', required: requiredQuery.has(name), schema });
  }

  if (route.tokenInQuery && !('token' in queryProps)) {
    result.push({
      name: 'token',
      in: 'query',
      required: false,
      description: 'The bearer token, for links the browser opens',
      schema: { type: 'string' },
    });
  }

  if (route.division !== 'none' && !route.divisionParam) {
    result.push({
      name: 'divisionId',
      in: 'header',
      required: route.division === 'required',
      description:
        route.division === 'required'
          ? "The caller's working division; every record touched must belong to it"
          : "Checked against the caller's divisions when sent",
      schema: { type: 'string' },
    });
  }
  return result;
}

function operation(route: Route): JsonSchema {
  const responses: Record<string, unknown> = {
    '200': {
      description: 'OK',
      // Browser-opened links answer the file itself.
      content: {
        [route.tokenInQuery ? '*/*' : 'application/json']: { schema: jsonSchema(route.response, 'output') },
      },
    },
  };
  for (const status of Object.keys(ERROR_RESPONSES)) {
    responses[status] = { $ref: `#/components/responses/Error${status}` };
  }
  if (!route.implemented) responses['501'] = { $ref: '#/components/responses/Error501' };

  const op: JsonSchema = {
    operationId: `${route.area}.${route.name}`,
    summary: route.summary,
    tags: [route.area],
  };
  const params = parameters(route);
  if (params.length > 0) op.parameters = params;
  if (!isUndefined(route.body)) {
    op.requestBody = {
      required: !route.body.safeParse(undefined).success,
      content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
    };
  }
  op.responses = responses;
  if (route.access.kind === 'anonymous') op.security = [];
  else if (route.tokenInQuery) op.security = [{ bearerAuth: [] }, { queryToken: [] }];
  op['x-access'] = route.access;
  op['x-division'] = route.division;
  if (route.divisionParam) op['x-division-param'] = route.divisionParam;
  if (route.publicRead) op['x-public-read'] = true;
  if (route.tokenInQuery) op['x-token-in-query'] = true;
  op['x-implemented'] = route.implemented;
  op['x-handler'] = `functions/src/http/${route.handler}.ts`;
  return op;
}

function buildOpenApi(routes: readonly Route[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  }

  const responses: Record<string, unknown> = {};
  // 501 only while some route is not implemented: an unused component is a lint error.
  for (const [status, description] of Object.entries({
    ...ERROR_RESPONSES,
    ...(routes.some((r) => !r.implemented) ? { '501': 'Not implemented yet' } : {}),
  })) {
    responses[`Error${status}`] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Stormline API',
      version: '0.0.0',
      description:
        'Construction-site and stormwater inspection management. Generated from packages/contract by ' +
        'packages/contract/scripts/write-openapi.ts; do not edit by hand.',
    },
    servers: [
      {
        // Relative: CloudFront serves the API on the site's own origin (/api/* and the contract's
        // other API paths), and `npm start` serves both on http://localhost:3000.
        url: '/',
        description: "The site's own origin (the SiteUrl output in the cloud, http://localhost:3000 locally)",
      },
    ],
    tags: (Object.keys(AREAS) as (keyof typeof AREAS)[]).map((name) => ({
      name,
      description: AREA_DESCRIPTIONS[name],
    })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(ErrorBody, 'output') },
      responses,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        queryToken: { type: 'apiKey', in: 'query', name: 'token' },
      },
    },
    security: [{ bearerAuth: [] }],
  };
}

function buildRoutesMarkdown(routes: readonly Route[]): string {
  const areas = new Set(routes.map((r) => r.area));
  const implemented = routes.filter((r) => r.implemented).length;
  const lines = [
    '# API routes',
    '',
    '<!-- Generated by packages/contract/scripts/write-openapi.ts from the route table; do not edit. -->',
    '',
    `**${routes.length} routes** in ${areas.size} areas; ${implemented} implemented.`,
    '',
    'Access is `anonymous`, `signed in`, or the (action, resource) permission the caller needs.',
    'Division: `required` (the divisionId header, or the path parameter shown, must be one of the',
    "caller's divisions), `optional` (checked when sent) or `none`. Public: the read-only Public",
    'account may call it.',
    '',
    '| area | method | path | access | division | public | implemented |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of routes) {
    const division = r.divisionParam ? `${r.division} (path {${r.divisionParam}})` : r.division;
    const path = r.tokenInQuery ? `\`${r.path}\` (?token=)` : `\`${r.path}\``;
    lines.push(
      `| ${r.area} | ${r.method} | ${path} | ${describeAccess(r.access)} | ${division} | ${r.publicRead ? 'yes' : ''} | ${r.implemented ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n') + '\n';
}

function main(): void {
  const check = process.argv.includes('--check');
  const outputs: [file: string, text: string][] = [
    [OPENAPI_FILE, JSON.stringify(buildOpenApi(ROUTES), null, 2) + '\n'],
    [ROUTES_FILE, buildRoutesMarkdown(ROUTES)],
  ];

  if (check) {
    const stale = outputs.filter(([file, text]) => {
      try {
        return readFileSync(file, 'utf8') !== text;
      } catch {
        return true;
      }
    });
    if (stale.length > 0) {
      for (const [file] of stale) {
        console.error(`${relative(ROOT, file)} is out of date with the route table.`);
      }
      console.error('Run `npm run docs` and commit the result.');
      process.exit(1);
    }
    console.log(`docs/api is up to date (${ROUTES.length} routes).`);
    return;
  }

  for (const [file, text] of outputs) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`Wrote ${relative(ROOT, file)}`);
  }
}

main();
