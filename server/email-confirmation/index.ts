import { createRouter } from '../http/openapi.ts';
import * as handlers from './email-confirmation.handlers.ts';
import * as routes from './email-confirmation.routes.ts';

export const emailConfirmationRouter = createRouter()
  .openapi(routes.confirmEmail, handlers.confirmEmail)
  .openapi(routes.resendConfirmation, handlers.resendConfirmation);
