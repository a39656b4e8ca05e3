/** The area tree call: static data, fetched once per page life. */
import type { AreaTree } from '@dropship/contract';
import { call } from '../../app/api';

export const areaKeys = { tree: ['area', 'tree'] as const };

export const areaApi = {
  tree: () => call<AreaTree>({ method: 'GET', url: '/api/b2/area/getThirdLevelAll' }),
};
