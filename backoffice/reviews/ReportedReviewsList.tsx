import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
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

/**
 * Reviews that accounts reported, hidden ones (reported by 3 accounts) first: Restore drops the
 * reports and shows the review again, Remove deletes it. Both go in the moderation log.
 */
export function ReportedReviewsList() {
  const refresh = useRefresh();
  const [update] = useUpdate<ReportedReview>();
  const restoring = useAdminAction();
  const removal = useConfirmedDelete<ReportedReview>('reviews', {
    question: (review) => `Remove ${review.reviewer}'s review of ${review.dealerName}?`,
    confirm: 'Remove',
    progress: texts.progress.communicating,
    success: reviewMessages.removed,
    then: refresh,
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
      then: refresh,
    });

  const columns: GridColDef<ReportedReview>[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'dealerName', headerName: 'Dealer', width: 160, sortable: false },
    { field: 'reviewer', headerName: 'Reviewer', width: 160, sortable: false },
    { field: 'carTitle', headerName: 'Car', flex: 1, minWidth: 160, sortable: false },
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
    {
      field: 'restore',
      headerName: 'Restore',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          disabled={restoring.busy}
          aria-label={`Restore review ${row.id}`}
          onClick={() => restore(row)}
        >
          Restore
        </Button>
      ),
    },
    removal.column((row) => `review ${row.id}`),
  ];

  return (
    <ListBase<ReportedReview> queryOptions={quietList} perPage={25}>
      <SectionTitle
        title={TITLE}
        actions={<ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />}
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<ReportedReview> label={TITLE} columns={columns} />
      {restoring.dialogs}
      {removal.dialogs}
    </ListBase>
  );
}
