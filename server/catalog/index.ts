import { createRouter } from '../http/openapi.ts';
import * as handlers from './catalog.handlers.ts';
import * as routes from './catalog.routes.ts';

export const catalogRouter = createRouter()
  .openapi(routes.enumerables, handlers.enumerables)
  .openapi(routes.makes, handlers.makes)
  .openapi(routes.addMake, handlers.addMake)
  .openapi(routes.models, handlers.models)
  .openapi(routes.safety, handlers.safety)
  .openapi(routes.equipment, handlers.equipment)
  .openapi(routes.addModel, handlers.addModel);
