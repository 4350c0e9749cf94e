import * as z from 'zod/mini';
import { Id } from '@stormline/contract/schemas';
import { ConvertBody } from '@stormline/contract/site-maps';
import { conversionView, convertSiteMap } from '../lib/site-map-conversion';
import type { SocketActionContext } from './actions';

/**
 * Spec 002 §7 convert:pdf:png (uploadId, model name, attributes) over the socket: the same as
 * POST /api/uploads/{id}/convert, with the same checks; the reply is the conversion, queued, and
 * its progress goes out on status:convert:pdf:png:{uploadId}.
 */
const ConvertMessage = z.strictObject({ uploadId: Id, ...ConvertBody.shape });

export const convertPdfPng = {
  body: ConvertMessage,
  run: async ({ deps, caller, divisionId, body }: SocketActionContext<z.infer<typeof ConvertMessage>>) =>
    conversionView(await convertSiteMap(deps, caller, divisionId, body.uploadId)),
};
