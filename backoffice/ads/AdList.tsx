import AddIcon from '@mui/icons-material/Add';
import { Button, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import {
  defaultExporter,
  ExportButton,
  FilterLiveSearch,
  ListBase,
  type Exporter,
} from 'react-admin';
import { dateTime } from '#shared/format.ts';
import type { AdminAd } from '#shared/schemas/ad.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { adCsvRow, adStatus } from './adFields.ts';
import { AdDialog, newAd, type AdDraft } from './AdDialog.tsx';

const TITLE = 'Ads';

const columns: GridColDef<AdminAd>[] = [
  { field: 'id', headerName: 'ID', width: 80 },
  { field: 'client', headerName: 'Client', flex: 1, minWidth: 160 },
  { field: 'title', headerName: 'Title', flex: 2, minWidth: 200 },
  {
    field: 'dateExpiration',
    headerName: 'Expiration',
    width: 180,
    valueFormatter: (value: string) => dateTime(value),
  },
  {
    field: 'isActive',
    headerName: 'Status',
    width: 140,
    valueFormatter: (_v, ad) => adStatus(ad),
    renderCell: ({ row }) => (
      <Chip
        size="small"
        label={adStatus(row)}
        color={row.isActive ? 'success' : 'default'}
        variant={row.isActive ? 'filled' : 'outlined'}
      />
    ),
  },
];

const exporter: Exporter<AdminAd> = (rows, fetchRelated, dataProvider, resource) =>
  defaultExporter(rows.map(adCsvRow), fetchRelated, dataProvider, resource);

/** Ads for clients, newest first; 'Create ad' and a row click open the ad's dialog. */
export function AdList() {
  const [open, setOpen] = useState<AdDraft | null>(null);
  return (
    <ListBase<AdminAd> perPage={25} sort={{ field: 'id', order: 'DESC' }} exporter={exporter}>
      <SectionTitle
        title={TITLE}
        actions={
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(newAd)}>
              Create ad
            </Button>
            <ExportButton />
          </>
        }
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<AdminAd> label={TITLE} columns={columns} onRowClick={setOpen} />
      <AdDialog record={open} onClose={() => setOpen(null)} />
    </ListBase>
  );
}
