import { MenuItem, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { ExportButton, ListBase, useListContext, useRedirect } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import type { AppealRow } from '#shared/schemas/appeal.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { EVERY_ROW } from '../dataProvider.ts';
import { decisionLabels, stateLabel } from './appealLabels.ts';

const TITLE = 'Appeals';

const columns: GridColDef<AppealRow>[] = [
  {
    field: 'createdAt',
    headerName: 'Appealed',
    width: 170,
    sortable: false,
    valueFormatter: (value: string) => dateTime(value),
  },
  {
    field: 'title',
    headerName: 'Listing',
    flex: 1,
    minWidth: 200,
    sortable: false,
    valueFormatter: (_value, row) => `#${row.listingId} ${row.title}`,
  },
  {
    field: 'decision',
    headerName: 'Decision',
    width: 150,
    sortable: false,
    valueFormatter: (_value, row) => decisionLabels[row.decision],
  },
  {
    field: 'decidedByEmail',
    headerName: 'Decided by',
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueFormatter: (_value, row) => row.decidedByEmail ?? 'Automatic (reports)',
  },
  { field: 'appellantEmail', headerName: 'Seller', flex: 1, minWidth: 180, sortable: false },
  {
    field: 'outcome',
    headerName: 'State',
    width: 110,
    sortable: false,
    valueFormatter: (_value, row) => stateLabel(row.outcome),
  },
];

/** The appeals queue: open appeals first, oldest first; a row opens the appeal. */
export function AppealList() {
  const redirect = useRedirect();
  return (
    <ListBase<AppealRow> queryOptions={quietList} perPage={25}>
      <SectionTitle
        title={TITLE}
        actions={<ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />}
      />
      <StateFilter />
      <DataTable<AppealRow>
        label={TITLE}
        columns={columns}
        onRowClick={(row) => redirect('show', 'appeals', row.id)}
      />
    </ListBase>
  );
}

function StateFilter() {
  const { filterValues, setFilters } = useListContext<AppealRow>();
  const state = String((filterValues as { state?: string }).state ?? '');
  return (
    <TextField
      select
      label="State"
      value={state}
      onChange={(e) => setFilters({ ...filterValues, state: e.target.value || undefined }, {})}
      sx={{ minWidth: 200, mb: 2 }}
    >
      <MenuItem value="">Every appeal</MenuItem>
      <MenuItem value="open">Open</MenuItem>
      <MenuItem value="decided">Decided</MenuItem>
    </TextField>
  );
}
