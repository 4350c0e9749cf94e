import * as z from 'zod/mini';
import { MAX_CHANNELS_PER_CONNECTION, channelsOf, subscribe, unsubscribe } from '@stormline/data/channels';
import { ValidationError } from '@stormline/domain/errors';
import { socketAction } from './actions';
import { authorizeAnyChannel } from '../lib/reports/report-channel-access';
import { socketMessageHandler } from './socket-message';

const Channel = z.string().check(z.minLength(1), z.maxLength(200));
const ChannelBody = z.strictObject({ channel: Channel });

/**
 * $default (docs/decisions/0040): channel subscriptions. Subscribing is allowed by the channel's
 * rule (lib/channel-access.ts) in the division the message names; a connection holds at most
 * MAX_CHANNELS_PER_CONNECTION. Any other action that has no route of its own is answered
 * 'Unknown action'.
 */
export const handler = socketMessageHandler({
  subscribe: socketAction({
    body: ChannelBody,
    async run({ deps, caller, divisionId, connectionId, body: { channel } }) {
      await authorizeAnyChannel(deps, caller, divisionId, channel);
      const held = await channelsOf(deps.db, connectionId);
      if (!held.includes(channel) && held.length >= MAX_CHANNELS_PER_CONNECTION)
        throw new ValidationError('Too many subscriptions on one connection');
      await subscribe(deps.db, { channel, connectionId, userId: caller.user.id, divisionId }, deps.now());
      return { channel };
    },
  }),
  unsubscribe: socketAction({
    anyDivision: true,
    body: ChannelBody,
    async run({ deps, connectionId, body: { channel } }) {
      await unsubscribe(deps.db, connectionId, channel);
      return { channel };
    },
  }),
});
