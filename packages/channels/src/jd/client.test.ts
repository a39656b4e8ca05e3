import { channelContractSuite } from '../marketplace/contract-suite.ts';

channelContractSuite('JD', { zto: '1499' });
