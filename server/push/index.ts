import { createRouter } from '../http/openapi.ts';
import * as handlers from './push.handlers.ts';
import * as routes from './push.routes.ts';

export const pushRouter = createRouter()
  .openapi(routes.key, handlers.key)
  .openapi(routes.subscribe, handlers.subscribe)
  .openapi(routes.unsubscribe, handlers.unsubscribe);
