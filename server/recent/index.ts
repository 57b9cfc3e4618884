import { createRouter } from '../http/openapi.ts';
import * as handlers from './recent.handlers.ts';
import * as routes from './recent.routes.ts';

export const recentRouter = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.remember, handlers.remember);
