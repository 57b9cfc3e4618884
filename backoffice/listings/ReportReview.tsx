import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetOne, useParams } from 'react-admin';
import { messages } from '#shared/messages.ts';
import type { AdminDataProvider, ListingRecord } from '../dataProvider.ts';
import { decisionKey } from '../common/pendingDecisions.ts';
import { texts } from '../texts.ts';
import { ListingView } from './ListingView.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { TrustPanel } from './TrustPanel.tsx';
import { ReviewFrame, reviewMeta } from './ReviewFrame.tsx';
import { useDecision } from './useDecision.ts';

/**
 * /admin/car/report/{carId}: a reported live listing with its reports; dismiss, or suspend with
 * an optional reason (the kept suspension reasons are offered).
 */
export function ReportReview() {
  const { carId = '' } = useParams<{ carId: string }>();
  const { data, isPending, error } = useGetOne<ListingRecord>('reported-listings', {
    id: Number(carId),
    meta: reviewMeta,
  });
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { decide, decideUndoably, dialogs, busy } = useDecision();
  const [suspending, setSuspending] = useState(false);

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
              onClick={() => setSuspending(true)}
            >
              Suspend
            </Button>
            <ReasonDialog
              open={suspending}
              title="Suspend listing"
              kind="suspend"
              onClose={() => setSuspending(false)}
              onSubmit={(reason) => {
                setSuspending(false);
                decideUndoably(
                  decisionKey('reported-listings', carId),
                  () => dataProvider.suspend(carId, reason),
                  messages.moderation.suspended,
                );
              }}
            />
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
