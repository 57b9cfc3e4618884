import { createRouter } from '../http/openapi.ts';
import { apiKeyAuth } from './api-keys.ts';
import * as handlers from './dealer.handlers.ts';
import * as routes from './dealer.routes.ts';

/** The key's dealer is the caller of every /dealer/v1 route, before the routes' own checks. */
export const dealerRouter = createRouter();
dealerRouter.use('/dealer/v1/*', apiKeyAuth);

export const dealerRoutes = dealerRouter
  .openapi(routes.listKeys, handlers.listKeys)
  .openapi(routes.createKey, handlers.createKey)
  .openapi(routes.revokeKey, handlers.revokeKey)
  .openapi(routes.listings, handlers.listings)
  .openapi(routes.upsert, handlers.upsert)
  .openapi(routes.listing, handlers.listing)
  .openapi(routes.add, handlers.add)
  .openapi(routes.update, handlers.update)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.leads, handlers.leads);
