import { getReportChannelClaim } from '@stormline/data/report-channels';
import { NotFoundError } from '@stormline/domain/errors';
import { REPORT_CHANNEL_PATTERN, REPORT_NOT_FOUND } from '@stormline/domain/report-channel';
import type { Caller } from '../authenticate';
import { authorizeChannel } from '../channel-access';
import type { Deps } from '../deps';

/**
 * Who may hear a print job's channel, status:report:{job}:{key} (docs/decisions/0042): the job's
 * owner, in the job's division; anyone else is told 'Report Not Found'. Checked at subscribe and
 * again at each push (mayStillHear).
 */
export async function authorizeReportChannel(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  divisionId: string,
  channel: string,
): Promise<void> {
  const match = REPORT_CHANNEL_PATTERN.exec(channel);
  const claim = match ? await getReportChannelClaim(deps.db, match[1]!, match[2]!) : null;
  if (!claim || claim.userId !== caller.user.id || claim.divisionId !== divisionId)
    throw new NotFoundError(REPORT_NOT_FOUND);
}

/** Any channel a browser may subscribe to: a print job's by its rule, the others by theirs. */
export function authorizeAnyChannel(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  divisionId: string,
  channel: string,
): Promise<void> {
  return REPORT_CHANNEL_PATTERN.test(channel)
    ? authorizeReportChannel(deps, caller, divisionId, channel)
    : authorizeChannel(deps, caller, divisionId, channel);
}
