import { createRouter } from '../http/openapi.ts';
import * as handlers from './appeals.handlers.ts';
import * as routes from './appeals.routes.ts';

export const appealsRouter = createRouter()
  .openapi(routes.appealable, handlers.appealable)
  .openapi(routes.file, handlers.file)
  .openapi(routes.list, handlers.list)
  .openapi(routes.detail, handlers.detail)
  .openapi(routes.decide, handlers.decide);
