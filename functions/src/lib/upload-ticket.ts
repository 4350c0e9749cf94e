import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { ForbiddenError, ValidationError } from '@stormline/domain/errors';

/**
 * An upload in progress, handed to the browser with its presigned PUT URL and given back when the
 * file has arrived: which pending object it is, for whom and in which division. It is signed, not
 * stored, so an upload that is never finished leaves no record (the bucket's lifecycle rule
 * removes its object), and one that is refused leaves none either.
 */
export interface UploadTicket {
  /** The pending object's key, under pending/. */
  key: string;
  userId: string;
  divisionId: string;
  /** The file's name as the user chose it, for messages and the document's default name. */
  fileName: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** How long the browser has between asking for an upload URL and recording what it sent. */
export const UPLOAD_TICKET_SECONDS = 60 * 60;
/** How long the presigned PUT URL itself works. */
export const UPLOAD_URL_SECONDS = 15 * 60;

const INVALID = 'The upload is not valid. Upload the file again.';

function mac(secret: string, payload: string): Buffer {
  const key = createHmac('sha256', secret).update('stormline-upload-ticket').digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function newPendingKey(divisionId: string): string {
  return `pending/${divisionId}/${randomUUID()}`;
}

export function issueUploadTicket(ticket: UploadTicket, secret: string): string {
  const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/**
 * The ticket, if it is ours, unexpired, and the caller's in this division. Someone else's ticket
 * is refused without touching its object.
 */
export function readUploadTicket(
  token: string,
  secret: string,
  caller: { userId: string; divisionId: string },
  now: Date,
): UploadTicket {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw new ValidationError(INVALID);
  const expected = Buffer.from(mac(secret, payload).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new ValidationError(INVALID);
  const ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadTicket;
  if (ticket.expiresAt * 1000 < now.getTime())
    throw new ValidationError('The upload has expired. Upload the file again.');
  if (ticket.userId !== caller.userId || ticket.divisionId !== caller.divisionId)
    throw new ForbiddenError('This upload is not yours');
  return ticket;
}
