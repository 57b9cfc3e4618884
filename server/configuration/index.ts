import { createRouter } from '../http/openapi.ts';
import * as handlers from './configuration.handlers.ts';
import * as routes from './configuration.routes.ts';

export const configurationRouter = createRouter()
  .openapi(routes.get, handlers.get)
  .openapi(routes.cities, handlers.cities)
  .openapi(routes.update, handlers.update)
  .openapi(routes.menu, handlers.menu);
