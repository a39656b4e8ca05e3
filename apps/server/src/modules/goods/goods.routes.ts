/** Every call of the goods capability, registered in app.ts as one plugin. */
import type { AppDeps } from '../../deps.js';
import type { RouteApp } from '../../lib/route-app.js';
import { goodsLinksRoutes } from './goods-links.routes.js';
import { supplierGoodsRoutes } from './supplier-goods.routes.js';
import { suppliersRoutes } from './suppliers.routes.js';

export async function goodsRoutes(app: RouteApp, deps: AppDeps) {
  await suppliersRoutes(app, deps);
  await goodsLinksRoutes(app, deps);
  await supplierGoodsRoutes(app, deps);
}
