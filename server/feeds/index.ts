import { createRouter } from '../http/openapi.ts';
import * as handlers from './feeds.handlers.ts';
import * as routes from './feeds.routes.ts';

export const feedsRouter = createRouter()
  .openapi(routes.upload, handlers.upload)
  .openapi(routes.list, handlers.list)
  .openapi(routes.detail, handlers.detail)
  .openapi(routes.confirm, handlers.confirm)
  .openapi(routes.cancel, handlers.cancel);
