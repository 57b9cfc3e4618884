/**
 * The back-office sections beyond the moderation queues, for App.tsx to spread:
 *
 *   {sectionResources.map(({ name, ...props }) => <Resource key={name} name={name} {...props} />)}
 *   <CustomRoutes>{sectionRoutes}</CustomRoutes>
 *
 * Each resource is named as its menu section, so its list is /admin/{section}.
 */
import type { ResourceProps } from 'react-admin';
import activeListings from './active-listings/index.ts';
import ads from './ads/index.ts';
import appeals from './appeals/index.ts';
import applicationConfiguration from './application-configuration/index.ts';
import featuredListings from './featured-listings/index.ts';
import makes from './makes/index.ts';
import messages from './messages/index.ts';
import models from './models/index.ts';
import moderationLog from './moderation-log/index.ts';
import notifications from './notifications/index.ts';
import paymentPackages from './payment-packages/index.ts';
import reportedConversations from './reported-conversations/index.ts';
import reasonTemplates from './reason-templates/index.ts';
import reviews from './reviews/index.ts';
import transactions from './transactions/index.ts';
import users from './users/index.ts';
import { userRoutes } from './users/userRoutes.tsx';
import vouchers from './vouchers/index.ts';

export const sectionResources: ResourceProps[] = [
  { name: 'active-listings', ...activeListings },
  { name: 'featured-listings', ...featuredListings },
  { name: 'application-configuration', ...applicationConfiguration },
  { name: 'payment-packages', ...paymentPackages },
  { name: 'transactions', ...transactions },
  { name: 'users', ...users },
  { name: 'messages', ...messages },
  { name: 'reported-conversations', ...reportedConversations },
  { name: 'reviews', ...reviews },
  { name: 'notifications', ...notifications },
  { name: 'ads', ...ads },
  { name: 'vouchers', ...vouchers },
  { name: 'makes', ...makes },
  { name: 'models', ...models },
  { name: 'moderation-log', ...moderationLog },
  { name: 'reason-templates', ...reasonTemplates },
  { name: 'appeals', ...appeals },
];

/** Screens of these sections that are not a resource's own: /admin/user/{id}. */
export const sectionRoutes = userRoutes;
