import { createRouter } from '../http/openapi.ts';
import * as handlers from './listings.handlers.ts';
import * as routes from './listings.routes.ts';
import * as moderationHandlers from './moderation.handlers.ts';
import * as moderation from './moderation.routes.ts';

// Static paths first: `/car/requests` must not be read as `/car/{id}`.
export const moderationRouter = createRouter()
  .openapi(moderation.requests, moderationHandlers.requests)
  .openapi(moderation.denied, moderationHandlers.denied)
  .openapi(moderation.edits, moderationHandlers.edits)
  .openapi(moderation.reported, moderationHandlers.reported)
  .openapi(moderation.suspended, moderationHandlers.suspended)
  .openapi(moderation.active, moderationHandlers.active)
  .openapi(moderation.topSpotted, moderationHandlers.topSpotted)
  .openapi(moderation.approve, moderationHandlers.approve)
  .openapi(moderation.approveEdit, moderationHandlers.approveEdit)
  .openapi(moderation.deny, moderationHandlers.deny)
  .openapi(moderation.denyEdit, moderationHandlers.denyEdit)
  .openapi(moderation.suspend, moderationHandlers.suspend)
  .openapi(moderation.activate, moderationHandlers.activate)
  .openapi(moderation.dismiss, moderationHandlers.dismiss)
  .openapi(moderation.addTopSpotted, moderationHandlers.addTopSpotted)
  .openapi(moderation.removeTopSpotted, moderationHandlers.removeTopSpotted)
  .openapi(moderation.editDetails, moderationHandlers.editDetails)
  .openapi(moderation.reports, moderationHandlers.reports);

export const listingsRouter = createRouter()
  .openapi(routes.home, handlers.home)
  .openapi(routes.search, handlers.search)
  .openapi(routes.add, handlers.add)
  .openapi(routes.editLive, handlers.editLive)
  .openapi(routes.editRequest, handlers.editRequest)
  .openapi(routes.liveEditDetails, handlers.liveEditDetails)
  .openapi(routes.requestEditDetails, handlers.requestEditDetails)
  .openapi(routes.requestDetails, handlers.requestDetails)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.removeRequest, handlers.removeRequest)
  .openapi(routes.report, handlers.report)
  .openapi(routes.sellerListings, handlers.sellerListings)
  .openapi(routes.myListings, handlers.myListings)
  .openapi(routes.favoriteAdd, handlers.favoriteAdd)
  .openapi(routes.favoriteRemove, handlers.favoriteRemove)
  .openapi(routes.favoriteList, handlers.favoriteList)
  .openapi(routes.details, handlers.details)
  .openapi(routes.countView, handlers.countView);
