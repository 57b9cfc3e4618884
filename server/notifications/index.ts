import { createRouter } from '../http/openapi.ts';
import * as handlers from './notifications.handlers.ts';
import * as routes from './notifications.routes.ts';

/** The static paths come before /notifications/{id}. */
export const notificationsRouter = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.unreadCount, handlers.unreadCount)
  .openapi(routes.send, handlers.send)
  .openapi(routes.markRead, handlers.markRead)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.get, handlers.get);
