import { useEffect, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import approveListings from './approve-listings/index.ts';
import { authProvider, entryRedirect } from './authProvider.ts';
import { NotFound } from './common/NotFound.tsx';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { dataProvider } from './dataProvider.ts';
import deniedListings from './denied-listings/index.ts';
import editedListings from './edited-listings/index.ts';
import { Layout } from './layout/Layout.tsx';
import { reviewRoutes } from './listings/reviewRoutes.tsx';
import reportedListings from './reported-listings/index.ts';
import { sectionResources, sectionRoutes } from './resources.tsx';
import { readSession } from '#shared/session.ts';
import suspendedListings from './suspended-listings/index.ts';
import { theme } from './theme.ts';

/** Where the panel lives (site/pages/admin/[...path].astro serves every path under it). */
export const BASENAME = '/admin';

/**
 * The back-office, a client-only island under /admin. react-admin's own router is a hash
 * router, so the panel runs in a browser data router (real URLs, navigation blocking for
 * unsaved forms) under `/admin/*`, with react-admin's basename set to match; see
 * common/panelPaths.ts for links of our own.
 */
export default function AdminApp() {
  const [redirect] = useState(() => entryRedirect(readSession()));
  const [router] = useState(() =>
    createBrowserRouter([{ path: `${BASENAME}/*`, element: <Panel /> }]),
  );
  useEffect(() => {
    if (redirect) window.location.replace(redirect);
  }, [redirect]);
  if (redirect) return null;
  return <RouterProvider router={router} />;
}

/**
 * Each section is a <Resource> named as its menu section (its list is /admin/{section}), spread
 * from its folder's index.ts; screens that are not a resource's list, create, edit or show go in
 * <CustomRoutes>. See backoffice/README.md.
 */
function Panel() {
  return (
    <Admin
      basename={BASENAME}
      title="Spotted admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      requireAuth
      loginPage={false}
      layout={Layout}
      dashboard={Dashboard}
      catchAll={NotFound}
      theme={theme}
      disableTelemetry
    >
      <Resource name="approve-listings" {...approveListings} />
      <Resource name="reported-listings" {...reportedListings} />
      <Resource name="edited-listings" {...editedListings} />
      <Resource name="denied-listings" {...deniedListings} />
      <Resource name="suspended-listings" {...suspendedListings} />
      {sectionResources.map(({ name, ...props }) => (
        <Resource key={name} name={name} {...props} />
      ))}
      <CustomRoutes>{[...reviewRoutes, ...sectionRoutes]}</CustomRoutes>
    </Admin>
  );
}
