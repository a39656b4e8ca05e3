/**
 * The contract's REFUND_ANSWER_CHANNELS (which the web's row actions read, having no channel
 * clients) is written by hand; this keeps it equal to what the clients themselves declare.
 */
import { createMarketplaceClient, supportedChannels } from '@dropship/channels';
import { REFUND_ANSWER_CHANNELS } from '@dropship/contract';
import { expect, it } from 'vitest';

it('REFUND_ANSWER_CHANNELS lists exactly the channels whose client answers refunds through the API', () => {
  const endpoint = { gatewayUrl: 'http://127.0.0.1:9/router', oauthUrl: 'http://127.0.0.1:9/oauth', appKey: 'k', appSecret: 's' };
  const answerable = supportedChannels().filter((c) => createMarketplaceClient(c, endpoint).refundAnswerable);
  expect([...REFUND_ANSWER_CHANNELS].sort()).toEqual(answerable.sort());
});
