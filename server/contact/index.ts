import { createRouter } from '../http/openapi.ts';
import * as handlers from './contact.handlers.ts';
import * as routes from './contact.routes.ts';

export const contactRouter = createRouter()
  .openapi(routes.send, handlers.send)
  .openapi(routes.messages, handlers.list)
  .openapi(routes.reply, handlers.reply);
