import { createRouter } from '../http/openapi.ts';
import * as handlers from './users.handlers.ts';
import * as routes from './users.routes.ts';

export const usersRouter = createRouter()
  .openapi(routes.all, handlers.all)
  .openapi(routes.getSeller, handlers.getSeller)
  .openapi(routes.balance, handlers.balance)
  .openapi(routes.getUser, handlers.getUser)
  .openapi(routes.update, handlers.update)
  .openapi(routes.changePassword, handlers.changePassword)
  .openapi(routes.remove, handlers.remove);
