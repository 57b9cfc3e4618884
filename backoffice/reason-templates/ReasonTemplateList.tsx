import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { ExportButton, ListBase } from 'react-admin';
import { groundLabels, type ReasonTemplate } from '#shared/schemas/trust.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { useConfirmedDelete } from '../common/useConfirmedDelete.tsx';
import { EVERY_ROW } from '../dataProvider.ts';
import { kindLabels, ReasonTemplateDialog } from './ReasonTemplateDialog.tsx';

const TITLE = 'Reason templates';

/** The denial and suspension reasons admins keep; the deny dialog offers the denial ones. */
export function ReasonTemplateList() {
  const [adding, setAdding] = useState(false);
  const removal = useConfirmedDelete<ReasonTemplate>('reason-templates', {
    question: (template) => `Remove the reason "${template.text}"?`,
    confirm: 'Remove',
    progress: 'Removing the reason...',
    success: 'Reason removed',
  });
  const columns: GridColDef<ReasonTemplate>[] = [
    {
      field: 'kind',
      headerName: 'Kind',
      width: 130,
      sortable: false,
      valueFormatter: (value: ReasonTemplate['kind']) => kindLabels[value],
    },
    {
      field: 'ground',
      headerName: 'Ground',
      width: 200,
      sortable: false,
      valueFormatter: (value: ReasonTemplate['ground']) => groundLabels[value],
    },
    { field: 'text', headerName: 'Reason', flex: 1, minWidth: 260, sortable: false },
    {
      field: 'remove',
      headerName: 'Remove',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          color="error"
          size="small"
          disabled={removal.busy}
          aria-label={`Remove ${row.text}`}
          onClick={() => removal.ask(row)}
        >
          Remove
        </Button>
      ),
    },
  ];
  return (
    <ListBase<ReasonTemplate> queryOptions={quietList} perPage={100}>
      <SectionTitle
        title={TITLE}
        actions={
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add reason
            </Button>
            <ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />
          </>
        }
      />
      <DataTable<ReasonTemplate> label={TITLE} columns={columns} />
      <ReasonTemplateDialog open={adding} onClose={() => setAdding(false)} />
      {removal.dialogs}
    </ListBase>
  );
}
