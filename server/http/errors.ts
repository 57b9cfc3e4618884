/**
 * The one error type of the API. A service throws it; the error handler (http/on-error.ts) turns
 * it into the envelope with `code` = the HTTP status and the message shown to the user as-is.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: ApiStatus;

  constructor(status: ApiStatus, message: string) {
    super(message);
    this.status = status;
  }
}

export type ApiStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'You need to log in') => new ApiError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const unprocessable = (message: string) => new ApiError(422, message);
export const tooManyRequests = (message = 'Too many attempts. Please try again later.') =>
  new ApiError(429, message);
