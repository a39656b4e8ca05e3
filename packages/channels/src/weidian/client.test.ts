import { channelContractSuite } from '../marketplace/contract-suite.ts';

channelContractSuite('WEIDIAN', { zto: '中通快递', signed: false, timestamped: false });
