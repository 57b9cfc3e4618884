import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { ExportButton, FilterLiveSearch, ListBase } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { csvExporter, tableRow } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { MessageDialog } from './MessageDialog.tsx';
import { EVERY_ROW } from '../dataProvider.ts';

const TITLE = 'Messages';

/** What a message's button says: unanswered ones wait for a reply, answered ones show it. */
const replyAction = (message: Pick<ContactMessage, 'replyMessage'>) =>
  message.replyMessage === null ? 'Reply now' : 'Show reply';

/** Contact messages, newest first; each opens its dialog with 'Reply now' or 'Show reply'. */
export function MessageList() {
  const [open, setOpen] = useState<ContactMessage | null>(null);

  const columns: GridColDef<ContactMessage>[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'email', headerName: 'Email', flex: 1, minWidth: 200 },
    { field: 'phone', headerName: 'Phone', width: 140 },
    { field: 'text', headerName: 'Message', flex: 2, minWidth: 240 },
    {
      field: 'createdAt',
      headerName: 'Date',
      width: 170,
      valueFormatter: (value: string) => dateTime(value),
    },
    {
      field: 'replyMessage',
      headerName: 'Reply',
      width: 140,
      valueFormatter: (_value, message) => replyAction(message),
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant={row.replyMessage === null ? 'contained' : 'text'}
          onClick={(event) => {
            event.stopPropagation();
            setOpen(row);
          }}
        >
          {replyAction(row)}
        </Button>
      ),
    },
  ];

  // The file carries the reply itself where the table has its button.
  const exporter = csvExporter<ContactMessage>((message) => ({
    ...tableRow(columns, message),
    Reply: message.replyMessage ?? '',
  }));

  return (
    <ListBase<ContactMessage>
      queryOptions={quietList}
      perPage={25}
      sort={{ field: 'id', order: 'DESC' }}
    >
      <SectionTitle
        title={TITLE}
        actions={<ExportButton maxResults={EVERY_ROW} exporter={exporter} />}
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<ContactMessage> label={TITLE} columns={columns} onRowClick={setOpen} />
      <MessageDialog message={open} onClose={() => setOpen(null)} />
    </ListBase>
  );
}
