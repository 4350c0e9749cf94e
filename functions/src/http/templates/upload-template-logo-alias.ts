import { templatesRoutes } from '@stormline/contract/areas/templates';
import { httpRoute } from '../../lib/http-route';
import { main } from './upload-template-logo';

/** The correctly spelled path of the spec's logo call shares its handler (docs/decisions/0002). */
export { main };
export const handler = httpRoute(templatesRoutes.uploadTemplateLogoAlias, main);
