import { reactRouterProvider } from 'react-admin';
import { UserDetails } from './UserDetails.tsx';

const { Route } = reactRouterProvider;

/** The user details screen at the spec's path under /admin (a child of <CustomRoutes>). */
export const userRoutes = [<Route key="user" path="/user/:id" element={<UserDetails />} />];
