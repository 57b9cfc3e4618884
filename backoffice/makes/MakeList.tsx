import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { ExportButton, FilterLiveSearch, ListBase } from 'react-admin';
import type { Named } from '#shared/schemas/catalog.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { MakeCreateDialog } from './MakeCreateDialog.tsx';
import { EVERY_ROW } from '../dataProvider.ts';

const TITLE = 'Makes';

const columns: GridColDef<Named>[] = [
  { field: 'id', headerName: 'ID', width: 90 },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
];

/** The car makes, by name; 'Add make' opens the create dialog. */
export function MakeList() {
  const [creating, setCreating] = useState(false);
  return (
    <ListBase<Named> queryOptions={quietList} perPage={25} sort={{ field: 'name', order: 'ASC' }}>
      <SectionTitle
        title={TITLE}
        actions={
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Add make
            </Button>
            <ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />
          </>
        }
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<Named> label={TITLE} columns={columns} />
      <MakeCreateDialog open={creating} onClose={() => setCreating(false)} />
    </ListBase>
  );
}
