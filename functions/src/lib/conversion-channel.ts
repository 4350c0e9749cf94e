import type { Deps } from './deps';

/**
 * Where the conversion posts its progress: the lead's channel code (realtime.ts postToChannel,
 * docs/decisions/0038) replaces this stand-in at merge; until then progress is read from the
 * stored status only.
 */
export async function postToChannel(
  _deps: Pick<Deps, 'db'>,
  _channel: string,
  _message: Record<string, unknown>,
): Promise<void> {}
