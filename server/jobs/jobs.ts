import type { Deps } from '../http/env.ts';
import { deliverQueuedMail } from '../mail/queue.ts';
import { renewDue } from '../subscriptions/subscriptions.service.ts';
import type { Job } from './scheduler.ts';

/**
 * The background work of an instance. Ads and vouchers need no job: they stop counting as live
 * at their expiry time in every query.
 */
export const jobsFor = (deps: Deps): Job[] => [
  { name: 'mail', everySeconds: 5, run: () => deliverQueuedMail(deps.db, deps.mailer) },
  { name: 'subscriptions', everySeconds: 60, run: () => renewDue(deps.db) },
];
