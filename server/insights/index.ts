import { createRouter } from '../http/openapi.ts';
import * as handlers from './insights.handlers.ts';
import * as routes from './insights.routes.ts';

export const insightsRouter = createRouter()
  .openapi(routes.impressions, handlers.impressions)
  .openapi(routes.listingEvent, handlers.listingEvent)
  .openapi(routes.site, handlers.site)
  .openapi(routes.listing, handlers.listing)
  .openapi(routes.seller, handlers.seller);
