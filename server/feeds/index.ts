import { createRouter } from '../http/openapi.ts';
import * as handlers from './feeds.handlers.ts';
import * as routes from './feeds.routes.ts';

/** The static paths (url, dealers) come before /feeds/runs/{id}'s kind of path. */
export const feedsRouter = createRouter()
  .openapi(routes.getUrl, handlers.getUrl)
  .openapi(routes.setUrl, handlers.setUrl)
  .openapi(routes.removeUrl, handlers.removeUrl)
  .openapi(routes.dealers, handlers.dealers)
  .openapi(routes.pause, handlers.pause)
  .openapi(routes.upload, handlers.upload)
  .openapi(routes.list, handlers.list)
  .openapi(routes.detail, handlers.detail)
  .openapi(routes.progress, handlers.progress)
  .openapi(routes.confirm, handlers.confirm)
  .openapi(routes.cancel, handlers.cancel);
