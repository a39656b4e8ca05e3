import { channelDecryptSuite } from '../marketplace/decrypt-suite.ts';

// REDBOOK has no consent-page contract suite of its own; decryption is checked like every channel's.
channelDecryptSuite('REDBOOK');
