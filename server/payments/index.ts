import { createRouter } from '../http/openapi.ts';
import * as handlers from './payments.handlers.ts';
import * as routes from './payments.routes.ts';

export { checkoutRouter } from './checkout.routes.ts';

export const paymentsRouter = createRouter()
  .openapi(routes.myPackages, handlers.myPackages)
  .openapi(routes.companyPackages, handlers.companyPackages)
  .openapi(routes.individualPackages, handlers.individualPackages)
  .openapi(routes.addPackage, handlers.addPackage)
  .openapi(routes.updatePackage, handlers.updatePackage)
  .openapi(routes.removePackage, handlers.removePackage)
  .openapi(routes.create, handlers.create)
  .openapi(routes.checkSession, handlers.checkSession)
  .openapi(routes.checkId, handlers.checkId)
  .openapi(routes.allTransactions, handlers.allTransactions)
  .openapi(routes.transactionsOfType, handlers.transactionsOfType)
  .openapi(routes.userTransactions, handlers.userTransactions)
  .openapi(routes.transaction, handlers.transaction);
