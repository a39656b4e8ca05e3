import { channelContractSuite } from '../marketplace/contract-suite.ts';

channelContractSuite('TIKTOK', { zto: 'zhongtong' });
