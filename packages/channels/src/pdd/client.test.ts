import { channelContractSuite } from '../marketplace/contract-suite.ts';

channelContractSuite('PDD', { zto: '115' });
