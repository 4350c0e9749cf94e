import { templatesRoutes } from '@stormline/contract/areas/templates';
import { TEMPLATE_FILE_FORMAT, TEMPLATE_FILE_VERSION } from '@stormline/contract/template-editor';
import type { Db } from '@stormline/data/dynamo';
import { getTemplateForEditing } from '@stormline/data/template-drafts';
import { getTemplateVersion } from '@stormline/data/templates';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { contentOf } from '../../lib/template-editor';

const route = templatesRoutes.exportTemplate;

/**
 * A template as a file (issue 19: a customer moves a template between divisions or keeps it in
 * version control): a user template's draft, a system template's current version, or with
 * `version` a published one, in the contract's schema with its format and version. The logo stays
 * behind: its file belongs to this template (docs/decisions/0036).
 */
export async function main({ params, query, divisionId, deps }: RouteRequest<typeof route>) {
  const { template, version, content } = await exported(
    deps.db,
    divisionId!,
    params.id,
    query.version === undefined ? undefined : Number(query.version),
  );
  const { logo_GUID: _logo, ...rest } = content;
  return {
    format: TEMPLATE_FILE_FORMAT,
    formatVersion: TEMPLATE_FILE_VERSION,
    exportedAt: deps.now().toISOString(),
    source: { templateId: template.id, name: template.name, version },
    template: rest,
  };
}

/** The content exported and the version it is (null for a draft). */
async function exported(db: Db, divisionId: string, templateId: string, wanted: number | undefined) {
  const template = await getTemplateForEditing(db, divisionId, templateId);
  if (wanted === undefined)
    return {
      template,
      version: template.draft ? null : template.currentVersion,
      content: await contentOf(db, divisionId, template),
    };
  const {
    templateId: _id,
    version,
    ...content
  } = await getTemplateVersion(db, divisionId, templateId, wanted);
  return { template, version, content };
}

export const handler = httpRoute(route, main);
