import { createRouter } from '../http/openapi.ts';
import * as handlers from './trust.handlers.ts';
import * as routes from './trust.routes.ts';

// Static paths first: `/moderation/log/facets` before anything with an id.
export const trustRouter = createRouter()
  .openapi(routes.review, handlers.review)
  .openapi(routes.logFacets, handlers.logFacets)
  .openapi(routes.log, handlers.log)
  .openapi(routes.turnaround, handlers.turnaround)
  .openapi(routes.transparency, handlers.transparency)
  .openapi(routes.reasons, handlers.reasons)
  .openapi(routes.addReason, handlers.addReason)
  .openapi(routes.updateReason, handlers.updateReason)
  .openapi(routes.removeReason, handlers.removeReason);
