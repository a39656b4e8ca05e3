/** The area tree call (static data, fetched once per page life) and 智能识别 of a pasted receiver. */
import type { AreaTree, RecognizedReceiver } from '@dropship/contract';
import { call } from '../../app/api';

export const areaKeys = { tree: ['area', 'tree'] as const };

export const areaApi = {
  tree: () => call<AreaTree>({ method: 'GET', url: '/api/b2/area/getThirdLevelAll' }),
  recognize: (text: string) => call<RecognizedReceiver>({ method: 'POST', url: '/api/b2/area/recognize', data: { text } }),
};
