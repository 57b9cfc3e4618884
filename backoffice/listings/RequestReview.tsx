import { useDataProvider, useGetOne, useParams } from 'react-admin';
import type { AdminDataProvider, ListingRecord } from '../dataProvider.ts';
import { decisionKey } from '../common/pendingDecisions.ts';
import { texts } from '../texts.ts';
import { ApproveOrDeny } from './ApproveOrDeny.tsx';
import { ListingView } from './ListingView.tsx';
import { TrustPanel } from './TrustPanel.tsx';
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
  const { approveOrDeny, dialogs, busy } = useDecision();
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
            {...approveOrDeny(
              decisionKey('approve-listings', id),
              { deny: texts.progress.denyingListing },
              () => dataProvider.approveRequest(id),
              (reason) => dataProvider.denyRequest(id, reason),
            )}
          />
        )
      }
    >
      {data && (
        <>
          <TrustPanel id={data.id} texts={data} />
          <ListingView car={data} />
        </>
      )}
      {dialogs}
    </ReviewFrame>
  );
}
