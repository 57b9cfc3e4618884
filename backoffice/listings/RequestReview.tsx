import { useDataProvider, useGetOne, useParams } from 'react-admin';
import { messages } from '#shared/messages.ts';
import type { AdminDataProvider, ListingRecord } from '../dataProvider.ts';
import { texts } from '../texts.ts';
import { ApproveOrDeny } from './ApproveOrDeny.tsx';
import { ListingView } from './ListingView.tsx';
import { ReviewFrame, reviewMeta } from './ReviewFrame.tsx';
import { useDecision } from './useDecision.ts';

/**
 * /admin/car/request/{id}: a new listing (or a denied one, read-only with its denial message).
 * A pending request can be approved, or denied with a reason the owner sees.
 */
export function RequestReview() {
  const { id = '' } = useParams<{ id: string }>();
  const { data, isPending, error } = useGetOne<ListingRecord>('approve-listings', {
    id: Number(id),
    meta: reviewMeta,
  });
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { decide, dialogs, busy } = useDecision();
  const denied = data?.state === 'DENIED';

  return (
    <ReviewFrame
      section={
        denied
          ? { path: '/denied-listings', title: 'Denied listings' }
          : { path: '/approve-listings', title: 'Approve listings' }
      }
      title={denied ? 'Denied listing' : 'Listing request'}
      isPending={isPending}
      error={error}
      actions={
        data?.state === 'PENDING' && (
          <ApproveOrDeny
            busy={busy}
            denyTitle="Deny listing"
            onApprove={() =>
              void decide(
                texts.progress.approvingListing,
                () => dataProvider.approveRequest(id),
                messages.moderation.approved,
              )
            }
            onDeny={(reason) =>
              void decide(
                texts.progress.denyingListing,
                () => dataProvider.denyRequest(id, reason),
                messages.moderation.denied,
              )
            }
          />
        )
      }
    >
      {data && <ListingView car={data} />}
      {dialogs}
    </ReviewFrame>
  );
}
