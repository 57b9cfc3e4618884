import { useCallback } from 'react';
import { useBasename, useLocation } from 'react-admin';

/**
 * The panel lives under react-admin's basename (/admin) inside a router that serves the whole
 * origin, so react-admin's own links carry the basename and ours must too. Write panel paths as
 * '/approve-listings' or '/car/request/5' and pass them through this before a Link or navigate().
 */
export function usePanelPath() {
  const basename = useBasename();
  return useCallback(
    (path: string) => (path === '/' || path === '' ? basename || '/' : `${basename}${path}`),
    [basename],
  );
}

/** The current path inside the panel ('/' at /admin, '/users' at /admin/users). */
export function usePanelPathname() {
  const basename = useBasename();
  const { pathname } = useLocation();
  return pathname.startsWith(basename) ? pathname.slice(basename.length) || '/' : pathname;
}
