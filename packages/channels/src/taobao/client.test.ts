import { channelContractSuite } from '../marketplace/contract-suite.ts';

channelContractSuite('TAOBAO', { zto: 'ZTO' });
