import { createRouter } from '../http/openapi.ts';
import * as handlers from './subscriptions.handlers.ts';
import * as routes from './subscriptions.routes.ts';

export const subscriptionsRouter = createRouter()
  .openapi(routes.promote, handlers.promote)
  .openapi(routes.list, handlers.list)
  .openapi(routes.history, handlers.history)
  .openapi(routes.cancel, handlers.cancel)
  .openapi(routes.reactivate, handlers.reactivate)
  .openapi(routes.get, handlers.get);
