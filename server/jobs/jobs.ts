import type { Deps } from '../http/env.ts';
import { dropExpiredCounters } from '../http/rate-limit.ts';
import { deliverQueuedMail } from '../mail/queue.ts';
import { fcmSender, readServiceAccount } from '../push/fcm.ts';
import { pushRecentNotifications } from '../push/push-job.ts';
import { renewDue } from '../subscriptions/subscriptions.service.ts';
import type { Job } from './scheduler.ts';

/**
 * The background work of an instance. Ads and vouchers need no job: they stop counting as live
 * at their expiry time in every query. Push runs only when Firebase credentials are configured.
 */
export function jobsFor(deps: Deps): Job[] {
  const jobs: Job[] = [
    { name: 'mail', everySeconds: 5, run: () => deliverQueuedMail(deps.db, deps.mailer) },
    { name: 'subscriptions', everySeconds: 60, run: () => renewDue(deps.db) },
    { name: 'rate-limits', everySeconds: 3600, run: () => dropExpiredCounters(deps.db) },
  ];
  const file = deps.config.FIREBASE_SERVICE_ACCOUNT_FILE;
  if (file) {
    const sender = fcmSender(readServiceAccount(file), deps.config.FCM_BASE_URL);
    jobs.push({
      name: 'push',
      everySeconds: 5,
      run: () => pushRecentNotifications(deps.db, sender),
    });
  }
  return jobs;
}
