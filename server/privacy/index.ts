import { createRouter } from '../http/openapi.ts';
import * as handlers from './privacy.handlers.ts';
import * as routes from './privacy.routes.ts';

export const privacyRouter = createRouter()
  .openapi(routes.erase, handlers.erase)
  .openapi(routes.requestExport, handlers.requestExport)
  .openapi(routes.latestExport, handlers.latestExport)
  .openapi(routes.download, handlers.download);
