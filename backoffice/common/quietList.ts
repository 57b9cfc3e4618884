/**
 * The spec: a failure loading a list is only logged, with no message to the administrator.
 * Pass as `<ListBase queryOptions={quietList}>` (react-admin would otherwise show a notification);
 * an expired session still logs out through the auth provider.
 */
export const quietList = {
  onError: (error: Error) => console.error('[admin list]', error.message),
};
