import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { ExportButton, ListBase, useGetList, useListContext } from 'react-admin';
import type { Named } from '#shared/schemas/catalog.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { texts } from '../texts.ts';
import { MakeAutocomplete } from './MakeAutocomplete.tsx';
import { ModelCreateDialog, type Model } from './ModelCreateDialog.tsx';
import { EVERY_ROW } from '../dataProvider.ts';

const TITLE = 'Models';

const columns: GridColDef<Model>[] = [
  { field: 'id', headerName: 'ID', width: 90 },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
];

/** Choose a make, then its models; 'Add model' preselects the chosen make. */
export const ModelList = () => (
  <ListBase<Model> queryOptions={quietList} perPage={25} sort={{ field: 'name', order: 'ASC' }}>
    <Models />
  </ListBase>
);

function Models() {
  const { filterValues, setFilters } = useListContext<Model>();
  const makeId = filterValues.makeId ? Number(filterValues.makeId) : null;
  const [creating, setCreating] = useState(false);
  const { data: makes = [], isPending } = useGetList<Named>('makes', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });

  return (
    <>
      <SectionTitle
        title={TITLE}
        actions={
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Add model
            </Button>
            <ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />
          </>
        }
      />
      <Box sx={{ maxWidth: 360, mb: 2 }}>
        <MakeAutocomplete
          makes={makes}
          value={makeId}
          loading={isPending}
          onChange={(id) => setFilters(id === null ? {} : { makeId: id }, {})}
        />
      </Box>
      {makeId === null ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {texts.empty.models}
        </Typography>
      ) : (
        <DataTable<Model> label={TITLE} columns={columns} />
      )}
      <ModelCreateDialog
        open={creating}
        makes={makes}
        makeId={makeId}
        onClose={() => setCreating(false)}
      />
    </>
  );
}
