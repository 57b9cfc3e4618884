import { createRouter } from '../http/openapi.ts';
import * as handlers from './saved-searches.handlers.ts';
import * as routes from './saved-searches.routes.ts';

/** The static unsubscribe path comes before /saved-searches/{id}. */
export const savedSearchesRouter = createRouter()
  .openapi(routes.unsubscribe, handlers.unsubscribe)
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.open, handlers.open);
