import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { Confirm, ExportButton, FilterLiveSearch, ListBase, useDelete } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import { messages } from '#shared/messages.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { quietList } from '../common/quietList.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';
import { texts } from '../texts.ts';
import { VoucherCreateDialog, type Voucher } from './VoucherCreateDialog.tsx';

const TITLE = 'Vouchers';

/** Active vouchers, newest first; 'Create voucher' adds one, Deactivate ends one. */
export function VoucherList() {
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<Voucher | null>(null);
  const [remove] = useDelete<Voucher>();
  const { perform, dialogs, busy } = useAdminAction();

  function confirmDeactivation() {
    const voucher = ending;
    setEnding(null);
    if (!voucher) return;
    void perform({
      progress: texts.progress.communicating,
      run: () =>
        remove('vouchers', { id: voucher.id, previousData: voucher }, { returnPromise: true }),
      success: texts.success.voucherDeactivated,
    });
  }

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
          disabled={busy}
          aria-label={`Deactivate ${row.code}`}
          onClick={() => setEnding(row)}
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
            <ExportButton />
          </>
        }
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<Voucher> label={TITLE} columns={columns} />
      <VoucherCreateDialog open={creating} onClose={() => setCreating(false)} />
      <Confirm
        isOpen={ending !== null}
        title={messages.common.areYouSure}
        content={ending ? `Deactivate the voucher ${ending.code}?` : ''}
        confirm="Deactivate"
        onConfirm={confirmDeactivation}
        onClose={() => setEnding(null)}
      />
      {dialogs}
    </ListBase>
  );
}
