import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { confirm, withProgress } from '../../lib/dialogs.ts';

const m = messages.subscriptions;

/** Cancel after the confirmation: the subscription stays active but will not renew. */
export async function cancelSubscription(carId: number) {
  if (!(await confirm(m.confirmCancel))) return false;
  const res = await withProgress(
    m.cancelling,
    () =>
      api.call((r) => r.subscription.cancel[':carId'].$put({ param: { carId: String(carId) } })),
    m.cancelled,
  );
  return res.code === 0;
}

/** A canceled subscription renews at expiry again. */
export async function reactivateSubscription(carId: number) {
  const res = await withProgress(
    m.reactivating,
    () =>
      api.call((r) =>
        r.subscription.reactivate[':carId'].$put({ param: { carId: String(carId) } }),
      ),
    m.reactivated,
  );
  return res.code === 0;
}
