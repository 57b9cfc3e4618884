import { Button } from '@mui/material';
import { useDataProvider, useGetOne, useParams } from 'react-admin';
import { messages } from '#shared/messages.ts';
import type { AdminDataProvider, ListingRecord } from '../dataProvider.ts';
import { texts } from '../texts.ts';
import { ListingView } from './ListingView.tsx';
import { ReviewFrame, reviewMeta } from './ReviewFrame.tsx';
import { useDecision } from './useDecision.ts';

/** /admin/car/suspended/{id}: a suspended listing with the reports behind it; activate it. */
export function SuspendedReview() {
  const { id = '' } = useParams<{ id: string }>();
  const { data, isPending, error } = useGetOne<ListingRecord>('suspended-listings', {
    id: Number(id),
    meta: reviewMeta,
  });
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { decide, dialogs, busy } = useDecision();

  return (
    <ReviewFrame
      section={{ path: '/suspended-listings', title: 'Suspended listings' }}
      title="Suspended listing"
      isPending={isPending}
      error={error}
      actions={
        data?.state === 'SUSPENDED' && (
          <Button
            variant="contained"
            color="success"
            disabled={busy}
            onClick={() =>
              decide(
                texts.progress.activatingListing,
                () => dataProvider.activate(id),
                messages.moderation.activated,
              )
            }
          >
            Activate
          </Button>
        )
      }
    >
      {data && <ListingView car={data} reports={data.reports} />}
      {dialogs}
    </ReviewFrame>
  );
}
