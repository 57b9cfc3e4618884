import { createRouter } from '../http/openapi.ts';
import * as handlers from './reviews.handlers.ts';
import * as routes from './reviews.routes.ts';

// Static paths first: `/review/add` and `/review/eligible/...` before `/review/{id}`.
export const reviewsRouter = createRouter()
  .openapi(routes.reported, handlers.reported)
  .openapi(routes.dealer, handlers.dealer)
  .openapi(routes.eligible, handlers.eligible)
  .openapi(routes.add, handlers.add)
  .openapi(routes.answer, handlers.answer)
  .openapi(routes.report, handlers.report)
  .openapi(routes.restore, handlers.restore)
  .openapi(routes.remove, handlers.remove);
