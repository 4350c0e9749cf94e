import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { ValidationError } from '@stormline/domain/errors';
import {
  DEFAULT_UPLOAD_LIMITS,
  DOCUMENT_LIST_LIMITS,
  maxBytes,
  fileTooLargeMessage,
  TEMPLATE_LOGO_LIMITS,
} from '@stormline/domain/uploads';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import {
  issueUploadTicket,
  newPendingKey,
  UPLOAD_TICKET_SECONDS,
  UPLOAD_URL_SECONDS,
} from '../../lib/upload-ticket';

const route = uploadsRoutes.createUpload;

/**
 * Begins an upload: the browser sends the file straight to storage with the presigned PUT URL
 * (with its own progress bar) and then gives the upload back to the route that records it, which
 * checks what arrived. Nothing is recorded here; a file too large is refused before it is sent.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const limits =
    body.purpose === 'file'
      ? DEFAULT_UPLOAD_LIMITS
      : body.purpose === 'logo'
        ? TEMPLATE_LOGO_LIMITS
        : DOCUMENT_LIST_LIMITS;
  if (body.size > maxBytes(limits)) throw new ValidationError(fileTooLargeMessage(body.name, limits));
  const now = deps.now();
  const expiresAt = Math.floor(now.getTime() / 1000) + UPLOAD_TICKET_SECONDS;
  const key = newPendingKey(divisionId!);
  const upload = issueUploadTicket(
    { key, userId: caller.user.id, divisionId: divisionId!, fileName: body.name, expiresAt },
    deps.jwtSecret,
  );
  const url = await fileStoreOf(deps).presignPut(key, UPLOAD_URL_SECONDS, body.size);
  return {
    status: 201,
    body: {
      upload,
      url,
      method: 'PUT' as const,
      expiresAt: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
    },
  };
}

export const handler = httpRoute(route, main);
