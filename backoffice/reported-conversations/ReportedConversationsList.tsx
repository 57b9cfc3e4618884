import {
  Box,
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
import { ExportButton, ListBase, useGetOne, useUpdate } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import type { ConversationReport, ConversationReportDetail } from '#shared/schemas/conversation.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { csvExporter, tableRow } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { EVERY_ROW } from '../dataProvider.ts';

const TITLE = 'Reported conversations';

/**
 * The reported conversation with every message, by sender (the only way an administrator reads a
 * conversation), and 'Mark resolved'.
 */
function ReportDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  // Until the detail arrives, react-admin answers with the list's row, which has no messages.
  const { data } = useGetOne<ConversationReport & Partial<ConversationReportDetail>>(
    'reported-conversations',
    { id: id ?? 0 },
    { enabled: id !== null },
  );
  const [update, { isPending }] = useUpdate<ConversationReport>();
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{data ? `Conversation about ${data.carTitle}` : 'Conversation'}</DialogTitle>
      <DialogContent>
        {data && (
          <Stack spacing={1.5}>
            <Typography>
              Buyer: {data.buyerName} (#{data.buyerId}) · Seller: {data.sellerName} (#
              {data.sellerId})
            </Typography>
            <Typography>
              Reported by #{data.reporterId} on {dateTime(data.createdAt)}: {data.reason}
            </Typography>
            {data.messages?.map((m) => (
              <Box
                key={m.id}
                sx={{ p: 1, borderRadius: 1, bgcolor: m.flagged ? 'warning.light' : 'grey.100' }}
              >
                <Typography variant="caption" color="text.secondary" component="p">
                  {m.senderName} (#{m.senderId}) · {dateTime(m.sentAt)}
                  {m.flagged ? ' · flagged by the scam check' : ''}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {m.text}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {data && !data.resolvedAt && (
          <Button
            variant="contained"
            disabled={isPending}
            onClick={() =>
              void update(
                'reported-conversations',
                { id: data.id, data: {}, previousData: data },
                { onSuccess: onClose },
              )
            }
          >
            Mark resolved
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Reports of conversations, open ones first; a row opens the conversation. */
export function ReportedConversationsList() {
  const [open, setOpen] = useState<number | null>(null);
  const columns: GridColDef<ConversationReport>[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'carTitle', headerName: 'Listing', flex: 1, minWidth: 180 },
    { field: 'buyerName', headerName: 'Buyer', width: 160 },
    { field: 'sellerName', headerName: 'Seller', width: 160 },
    { field: 'reason', headerName: 'Reason', flex: 2, minWidth: 220 },
    {
      field: 'createdAt',
      headerName: 'Date',
      width: 170,
      valueFormatter: (value: string) => dateTime(value),
    },
    {
      field: 'resolvedAt',
      headerName: 'State',
      width: 110,
      valueFormatter: (value: string | null) => (value ? 'Resolved' : 'Open'),
    },
  ];
  const exporter = csvExporter<ConversationReport>((report) => tableRow(columns, report));
  return (
    <ListBase<ConversationReport> queryOptions={quietList} perPage={25}>
      <SectionTitle
        title={TITLE}
        actions={<ExportButton maxResults={EVERY_ROW} exporter={exporter} />}
      />
      <DataTable<ConversationReport>
        label={TITLE}
        columns={columns}
        onRowClick={(r) => setOpen(r.id)}
      />
      <ReportDialog id={open} onClose={() => setOpen(null)} />
    </ListBase>
  );
}
