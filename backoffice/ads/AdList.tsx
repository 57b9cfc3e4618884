import AddIcon from '@mui/icons-material/Add';
import { Button, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import {
  defaultExporter,
  ExportButton,
  FilterLiveSearch,
  ListBase,
  useDataProvider,
  type Exporter,
} from 'react-admin';
import { dateTime } from '#shared/format.ts';
import type { AdminAd } from '#shared/schemas/ad.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { quietList } from '../common/quietList.ts';
import { adCsvRow, adStatus } from './adFields.ts';
import { AdDialog, newAd, type AdDraft } from './AdDialog.tsx';
import { EVERY_ROW } from '../dataProvider.ts';

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
  const dataProvider = useDataProvider();
  // A row opens the ad as the server has it now (GET ad/{id}), not as the list loaded it.
  const edit = (row: AdminAd) =>
    dataProvider.getOne<AdminAd>('ads', { id: row.id }).then(
      ({ data }) => setOpen(data),
      (error: Error) => {
        console.error('[ads]', error.message);
        setOpen(row);
      },
    );
  return (
    <ListBase<AdminAd>
      queryOptions={quietList}
      perPage={25}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={exporter}
    >
      <SectionTitle
        title={TITLE}
        actions={
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(newAd)}>
              Create ad
            </Button>
            <ExportButton maxResults={EVERY_ROW} />
          </>
        }
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<AdminAd> label={TITLE} columns={columns} onRowClick={(row) => void edit(row)} />
      <AdDialog record={open} onClose={() => setOpen(null)} />
    </ListBase>
  );
}
