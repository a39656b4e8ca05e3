import { channelDecryptSuite } from '../marketplace/decrypt-suite.ts';

// WDT has no consent-page contract suite of its own; decryption is checked like every channel's.
channelDecryptSuite('WDT');
