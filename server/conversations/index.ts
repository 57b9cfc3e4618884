import { createRouter } from '../http/openapi.ts';
import * as handlers from './conversations.handlers.ts';
import * as routes from './conversations.routes.ts';

/** The static paths come before /conversations/{id}. */
export const conversationsRouter = createRouter()
  .openapi(routes.inbox, handlers.inbox)
  .openapi(routes.start, handlers.start)
  .openapi(routes.unreadCount, handlers.unreadCount)
  .openapi(routes.startInfo, handlers.startInfo)
  .openapi(routes.reports, handlers.listReports)
  .openapi(routes.report, handlers.report)
  .openapi(routes.resolveReport, handlers.resolveReport)
  .openapi(routes.get, handlers.get)
  .openapi(routes.messages, handlers.messages)
  .openapi(routes.reply, handlers.reply)
  .openapi(routes.markRead, handlers.markRead)
  .openapi(routes.block, handlers.block)
  .openapi(routes.unblock, handlers.unblock)
  .openapi(routes.reportConversation, handlers.reportConversation);
