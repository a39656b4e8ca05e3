import { waybillContractSuite } from '../marketplace/waybill-contract-suite.ts';

waybillContractSuite('JD');
