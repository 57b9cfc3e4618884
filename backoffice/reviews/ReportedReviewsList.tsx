import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { ExportButton, FilterLiveSearch, ListBase, useRefresh, useUpdate } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import { reviewMessages, type ReportedReview } from '#shared/schemas/review.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';
import { useConfirmedDelete } from '../common/useConfirmedDelete.tsx';
import { EVERY_ROW } from '../dataProvider.ts';
import { texts } from '../texts.ts';

const TITLE = 'Reported reviews';

interface ReviewDialogProps {
  review: ReportedReview | null;
  busy: boolean;
  onRestore: (review: ReportedReview) => void;
  onRemove: (review: ReportedReview) => void;
  onClose: () => void;
}

/** A reported review whole, with its reports' reasons, the dealer's answer and the decisions. */
function ReviewDialog({ review, busy, onRestore, onRemove, onClose }: ReviewDialogProps) {
  return (
    <Dialog open={review !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{review ? `Review of ${review.dealerName}` : 'Review'}</DialogTitle>
      <DialogContent>
        {review && (
          <Stack spacing={1.5}>
            <Typography color="text.secondary">
              {review.reviewer} (#{review.reviewerId}) · {review.carTitle} · {review.rating} of 5 ·{' '}
              {dateTime(review.createdAt)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {review.text}
            </Typography>
            {review.answer && <Typography>The dealer answered: {review.answer}</Typography>}
            <Typography>
              {review.hiddenAt ? 'Hidden' : 'Shown'} · reported by {review.reports}{' '}
              {review.reports === 1 ? 'account' : 'accounts'}:
            </Typography>
            <ul>
              {review.reasons.map((reason, i) => (
                <li key={i}>{reason}</li>
              ))}
            </ul>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {review && (
          <>
            <Button color="error" disabled={busy} onClick={() => onRemove(review)}>
              Remove
            </Button>
            <Button variant="contained" disabled={busy} onClick={() => onRestore(review)}>
              Restore
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Reviews that accounts reported, hidden ones (reported by 3 accounts) first; a row opens the
 * review, where Restore drops the reports and shows it again and Remove deletes it. Both go in
 * the moderation log.
 */
export function ReportedReviewsList() {
  const [open, setOpen] = useState<ReportedReview | null>(null);
  const refresh = useRefresh();
  /** A decision made: the review leaves the list (or shows its new state). */
  const decided = () => {
    setOpen(null);
    refresh();
  };
  const [update] = useUpdate<ReportedReview>();
  const restoring = useAdminAction();
  const removal = useConfirmedDelete<ReportedReview>('reviews', {
    question: (review) => `Remove ${review.reviewer}'s review of ${review.dealerName}?`,
    confirm: 'Remove',
    progress: texts.progress.communicating,
    success: reviewMessages.removed,
    then: decided,
  });
  const restore = (review: ReportedReview) =>
    void restoring.perform({
      progress: texts.progress.communicating,
      run: () =>
        update(
          'reviews',
          { id: review.id, data: {}, previousData: review },
          { returnPromise: true },
        ),
      success: reviewMessages.restored,
      then: decided,
    });

  const columns: GridColDef<ReportedReview>[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'dealerName', headerName: 'Dealer', width: 160, sortable: false },
    { field: 'reviewer', headerName: 'Reviewer', width: 160, sortable: false },
    { field: 'rating', headerName: 'Rating', width: 90 },
    { field: 'text', headerName: 'Review', flex: 2, minWidth: 220, sortable: false },
    { field: 'reports', headerName: 'Reports', width: 100 },
    {
      field: 'reasons',
      headerName: 'Reasons',
      flex: 2,
      minWidth: 220,
      sortable: false,
      valueFormatter: (value: string[]) => value.join(' · '),
    },
    {
      field: 'hiddenAt',
      headerName: 'State',
      width: 100,
      sortable: false,
      valueFormatter: (value: string | null) => (value ? 'Hidden' : 'Shown'),
    },
    {
      field: 'lastReportedAt',
      headerName: 'Last report',
      width: 170,
      valueFormatter: (value: string) => dateTime(value),
    },
  ];

  return (
    <ListBase<ReportedReview> queryOptions={quietList} perPage={25}>
      <SectionTitle
        title={TITLE}
        actions={<ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />}
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<ReportedReview> label={TITLE} columns={columns} onRowClick={setOpen} />
      <ReviewDialog
        review={open}
        busy={restoring.busy || removal.busy}
        onRestore={restore}
        onRemove={removal.ask}
        onClose={() => setOpen(null)}
      />
      {restoring.dialogs}
      {removal.dialogs}
    </ListBase>
  );
}
