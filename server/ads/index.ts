import { createRouter } from '../http/openapi.ts';
import * as handlers from './ads.handlers.ts';
import * as routes from './ads.routes.ts';

/** GET /ad/all is registered before GET /ad/{id}. */
export const adsRouter = createRouter()
  .openapi(routes.all, handlers.all)
  .openapi(routes.add, handlers.add)
  .openapi(routes.update, handlers.update)
  .openapi(routes.activate, handlers.activate)
  .openapi(routes.deactivate, handlers.deactivate)
  .openapi(routes.seen, handlers.seen)
  .openapi(routes.clicked, handlers.clicked)
  .openapi(routes.one, handlers.one);
