import type { Deps } from '../deps.ts';
import { INSIGHTS_JOB_SECONDS, snapshotAndPrune } from '../insights/retention.ts';
import { dropExpiredCounters } from '../http/rate-limit.ts';
import { refreshAnswerTimes } from '../history/history.service.ts';
import { SWEEP_EVERY_SECONDS, sweepOrphanImages } from '../images/sweep.ts';
import { deliverQueuedMail } from '../mail/queue.ts';
import { expireExports, prepareExports } from '../privacy/export.ts';
import { fcmSender, readServiceAccount } from '../push/fcm.ts';
import { pushRecentNotifications } from '../push/push-job.ts';
import { pushReach } from '../push/push-address.ts';
import { webPushSender } from '../push/web-push.ts';
import { renewDue } from '../promotion/promotion.ts';
import { runAlerts } from '../saved-searches/alerts.ts';
import { priceJobSettings, queueEveryModel, rateQueuedModels } from '../prices/price-job.ts';
import { fetchDueFeeds } from '../feeds/feeds.service.ts';
import { FEED_IMPORTS_EVERY_SECONDS, importQueuedRuns } from '../feeds/import-job.ts';
import type { Job } from './scheduler.ts';

/**
 * The background work of an instance. Ads and vouchers need no job: they stop counting as live
 * at their expiry time in every query. Push goes to the browsers that subscribed to web push, and
 * to phones when Firebase credentials are configured.
 */
export function jobsFor(deps: Deps): Job[] {
  const jobs: Job[] = [
    {
      name: 'price-insight',
      everySeconds: deps.config.PRICE_JOB_SECONDS,
      run: () => rateQueuedModels(deps.db, priceJobSettings),
    },
    {
      name: 'price-insight-daily',
      everySeconds: 86_400,
      run: () => queueEveryModel(deps.db, priceJobSettings),
    },
    { name: 'mail', everySeconds: 5, run: () => deliverQueuedMail(deps.db, deps.mailer) },
    {
      name: 'subscriptions',
      everySeconds: deps.config.SUBSCRIPTIONS_EVERY_SECONDS,
      run: () => renewDue(deps.db),
    },
    {
      name: 'insights',
      everySeconds: INSIGHTS_JOB_SECONDS,
      run: () => snapshotAndPrune(deps.db, deps.config.STATS_RETENTION_DAYS),
    },
    {
      name: 'saved-search-alerts',
      everySeconds: deps.config.ALERTS_EVERY_SECONDS,
      run: () => runAlerts(deps),
    },
    {
      name: 'data-exports',
      everySeconds: 10,
      run: async () => (await prepareExports(deps)) + (await expireExports(deps)),
    },
    { name: 'rate-limits', everySeconds: 3600, run: () => dropExpiredCounters(deps.db) },
    { name: 'answer-times', everySeconds: 3600, run: () => refreshAnswerTimes(deps.db) },
    { name: 'dealer-feeds', everySeconds: 60, run: () => fetchDueFeeds(deps) },
    {
      name: 'feed-imports',
      everySeconds: FEED_IMPORTS_EVERY_SECONDS,
      run: () => importQueuedRuns(deps),
    },
    {
      name: 'image-sweep',
      everySeconds: SWEEP_EVERY_SECONDS,
      run: () => sweepOrphanImages(deps.db, deps.storage),
    },
  ];
  const file = deps.config.FIREBASE_SERVICE_ACCOUNT_FILE;
  const senders = {
    fcm: file ? fcmSender(readServiceAccount(file), deps.config.FCM_BASE_URL) : undefined,
    web: webPushSender(deps.vapid, pushReach(deps.config)),
  };
  jobs.push({
    name: 'push',
    everySeconds: 5,
    run: () => pushRecentNotifications(deps.db, senders),
  });
  return jobs;
}
