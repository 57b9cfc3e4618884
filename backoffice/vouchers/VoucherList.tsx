import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { ExportButton, FilterLiveSearch, ListBase } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { useConfirmedDelete } from '../common/useConfirmedDelete.tsx';
import { texts } from '../texts.ts';
import { VoucherCreateDialog, type Voucher } from './VoucherCreateDialog.tsx';
import { EVERY_ROW } from '../dataProvider.ts';

const TITLE = 'Vouchers';

/** Active vouchers, newest first; 'Create voucher' adds one, Deactivate ends one. */
export function VoucherList() {
  const [creating, setCreating] = useState(false);
  const deactivation = useConfirmedDelete<Voucher>('vouchers', {
    question: (voucher) => `Deactivate the voucher ${voucher.code}?`,
    confirm: 'Deactivate',
    progress: texts.progress.communicating,
    success: texts.success.voucherDeactivated,
  });

  const columns: GridColDef<Voucher>[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'code', headerName: 'Code', flex: 1, minWidth: 170 },
    { field: 'credits', headerName: 'Credits', width: 110 },
    {
      field: 'createDate',
      headerName: 'Created at',
      width: 180,
      valueFormatter: (value: string) => dateTime(value),
    },
    {
      field: 'expirationDate',
      headerName: 'Expiration at',
      width: 180,
      valueFormatter: (value: string) => dateTime(value),
    },
    {
      field: 'deactivate',
      headerName: 'Deactivate',
      width: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          color="error"
          size="small"
          disabled={deactivation.busy}
          aria-label={`Deactivate ${row.code}`}
          onClick={() => deactivation.ask(row)}
        >
          Deactivate
        </Button>
      ),
    },
  ];

  return (
    <ListBase<Voucher> queryOptions={quietList} perPage={25} sort={{ field: 'id', order: 'DESC' }}>
      <SectionTitle
        title={TITLE}
        actions={
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create voucher
            </Button>
            <ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />
          </>
        }
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<Voucher> label={TITLE} columns={columns} />
      <VoucherCreateDialog open={creating} onClose={() => setCreating(false)} />
      {deactivation.dialogs}
    </ListBase>
  );
}
