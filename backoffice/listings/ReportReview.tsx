import { Button } from '@mui/material';
import { useDataProvider, useGetOne, useParams } from 'react-admin';
import { messages } from '#shared/messages.ts';
import type { AdminDataProvider, ListingRecord } from '../dataProvider.ts';
import { texts } from '../texts.ts';
import { ListingView } from './ListingView.tsx';
import { TrustPanel } from './TrustPanel.tsx';
import { ReviewFrame, reviewMeta } from './ReviewFrame.tsx';
import { useDecision } from './useDecision.ts';

/** /admin/car/report/{carId}: a reported live listing with its reports; dismiss or suspend. */
export function ReportReview() {
  const { carId = '' } = useParams<{ carId: string }>();
  const { data, isPending, error } = useGetOne<ListingRecord>('reported-listings', {
    id: Number(carId),
    meta: reviewMeta,
  });
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { decide, dialogs, busy } = useDecision();

  return (
    <ReviewFrame
      section={{ path: '/reported-listings', title: 'Reported listings' }}
      title="Reported listing"
      isPending={isPending}
      error={error}
      actions={
        data?.state === 'ACTIVE' && (
          <>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() =>
                decide(
                  texts.progress.dismissingReport,
                  () => dataProvider.dismissReports(carId),
                  messages.moderation.dismissed,
                )
              }
            >
              Dismiss report
            </Button>
            <Button
              variant="contained"
              color="error"
              disabled={busy}
              onClick={() =>
                decide(
                  texts.progress.suspendingListing,
                  () => dataProvider.suspend(carId),
                  messages.moderation.suspended,
                )
              }
            >
              Suspend
            </Button>
          </>
        )
      }
    >
      {data && (
        <>
          <TrustPanel id={data.id} texts={data} />
          <ListingView car={data} reports={data.reports} />
        </>
      )}
      {dialogs}
    </ReviewFrame>
  );
}
