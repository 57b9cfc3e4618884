import { createRouter } from '../http/openapi.ts';
import * as handlers from './history.handlers.ts';
import * as routes from './history.routes.ts';

export const historyRouter = createRouter()
  .openapi(routes.timeline, handlers.timeline)
  .openapi(routes.note, handlers.note)
  .openapi(routes.sold, handlers.sold)
  .openapi(routes.facts, handlers.facts)
  .openapi(routes.verify, handlers.verify);
