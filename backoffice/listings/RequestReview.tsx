import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetOne, useParams } from 'react-admin';
import { messages } from '#shared/messages.ts';
import type { AdminDataProvider, ListingRecord } from '../dataProvider.ts';
import { texts } from '../texts.ts';
import { DenyDialog } from './DenyDialog.tsx';
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
  const [denying, setDenying] = useState(false);
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
          <>
            <Button
              variant="contained"
              color="success"
              disabled={busy}
              onClick={() =>
                decide(
                  texts.progress.approvingListing,
                  () => dataProvider.approveRequest(id),
                  messages.moderation.approved,
                )
              }
            >
              Approve
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={busy}
              onClick={() => setDenying(true)}
            >
              Deny
            </Button>
          </>
        )
      }
    >
      {data && <ListingView car={data} />}
      <DenyDialog
        open={denying}
        title="Deny listing"
        onClose={() => setDenying(false)}
        onDeny={(reason) => {
          setDenying(false);
          void decide(
            texts.progress.denyingListing,
            () => dataProvider.denyRequest(id, reason),
            messages.moderation.denied,
          );
        }}
      />
      {dialogs}
    </ReviewFrame>
  );
}
