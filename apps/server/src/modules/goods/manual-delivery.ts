/**
 * SPEC.md section 6: on the second variant, a user whose manual-delivery permission is '0' may not
 * use supplier management or custom goods. The page hides or refuses the routes; the server
 * refuses the calls too, so the rule holds for any client.
 */
import { brandFromHost, ErrorCode, findRoute } from '@dropship/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { requireCaller } from '../../plugins/auth.js';
import { manualDeliveryPermission } from '../auth/index.js';

export function manualDeliveryGate(db: Db, config: Config, routePath: string) {
  if (!findRoute(routePath)?.manualDelivery) throw new Error(`${routePath} is not gated by the manual-delivery permission`);
  return async (req: FastifyRequest) => {
    if (brandFromHost(req.hostname, config.brandHosts) !== 'second') return;
    if ((await manualDeliveryPermission(db, requireCaller(req).userId)) === '0') throw new AppError(ErrorCode.FORBIDDEN, undefined, 403);
  };
}
