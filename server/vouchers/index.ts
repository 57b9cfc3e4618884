import { createRouter } from '../http/openapi.ts';
import * as handlers from './vouchers.handlers.ts';
import * as routes from './vouchers.routes.ts';

export const vouchersRouter = createRouter()
  .openapi(routes.add, handlers.add)
  .openapi(routes.active, handlers.active)
  .openapi(routes.deactivate, handlers.deactivate)
  .openapi(routes.redeem, handlers.redeem);
