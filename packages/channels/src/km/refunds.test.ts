import { channelRefundSuite } from '../marketplace/refund-suite.ts';

// This channel has no consent-page contract suite of its own; refunds are checked like every channel's.
channelRefundSuite('KM');
