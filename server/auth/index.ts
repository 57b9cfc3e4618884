import { createRouter } from '../http/openapi.ts';
import * as handlers from './auth.handlers.ts';
import * as routes from './auth.routes.ts';

export const authRouter = createRouter()
  .openapi(routes.registerPrivate, handlers.registerPrivate)
  .openapi(routes.registerCompany, handlers.registerCompany)
  .openapi(routes.login, handlers.login)
  .openapi(routes.loginCode, handlers.loginCode)
  .openapi(routes.twoFactorStatus, handlers.twoFactorStatus)
  .openapi(routes.twoFactorSetup, handlers.twoFactorSetup)
  .openapi(routes.twoFactorEnable, handlers.twoFactorEnable)
  .openapi(routes.twoFactorDisable, handlers.twoFactorDisable)
  .openapi(routes.refresh, handlers.refresh)
  .openapi(routes.logout, handlers.logout)
  .openapi(routes.forgot, handlers.forgot)
  .openapi(routes.verify, handlers.verify)
  .openapi(routes.reset, handlers.reset);
