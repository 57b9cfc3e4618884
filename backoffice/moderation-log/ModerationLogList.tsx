import { MenuItem, Stack, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';
import { ExportButton, ListBase, useDataProvider, useListContext } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import type { AuditEntry } from '#shared/schemas/trust.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { EVERY_ROW, type AdminDataProvider } from '../dataProvider.ts';

const TITLE = 'Moderation log';

/** What an audit row is about: a listing or user by id, or another kind of record. */
const subject = (entry: AuditEntry) =>
  entry.entityId === null ? entry.entity : `${entry.entity} #${entry.entityId}`;

const columns: GridColDef<AuditEntry>[] = [
  {
    field: 'createdAt',
    headerName: 'When',
    width: 170,
    sortable: false,
    valueFormatter: (value: string) => dateTime(value),
  },
  { field: 'adminEmail', headerName: 'Admin', flex: 1, minWidth: 180, sortable: false },
  { field: 'action', headerName: 'Action', width: 170, sortable: false },
  {
    field: 'entity',
    headerName: 'Listing or user',
    width: 170,
    sortable: false,
    valueFormatter: (_value, entry) => subject(entry),
  },
  { field: 'reason', headerName: 'Reason', flex: 2, minWidth: 220, sortable: false },
];

/** Every admin decision and change, newest first; filtered by admin, action and days. */
export function ModerationLogList() {
  return (
    <ListBase<AuditEntry> queryOptions={quietList} perPage={25}>
      <SectionTitle
        title={TITLE}
        actions={<ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />}
      />
      <Filters />
      <DataTable<AuditEntry> label={TITLE} columns={columns} />
    </ListBase>
  );
}

function Filters() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { filterValues, setFilters } = useListContext<AuditEntry>();
  const [facets, setFacets] = useState<Awaited<ReturnType<AdminDataProvider['logFacets']>>>({
    admins: [],
    actions: [],
  });
  useEffect(() => {
    dataProvider.logFacets().then(setFacets, (error: unknown) => console.error(error));
  }, [dataProvider]);
  const set = (key: string, value: string) =>
    setFilters({ ...filterValues, [key]: value || undefined }, {});
  const value = (key: string) => String((filterValues as Record<string, unknown>)[key] ?? '');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        select
        label="Admin"
        value={value('adminId')}
        onChange={(e) => set('adminId', e.target.value)}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">Every admin</MenuItem>
        {facets.admins.map((admin) => (
          <MenuItem key={admin.id} value={String(admin.id)}>
            {admin.email}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Action"
        value={value('action')}
        onChange={(e) => set('action', e.target.value)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">Every action</MenuItem>
        {facets.actions.map((action) => (
          <MenuItem key={action} value={action}>
            {action}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        label="From"
        value={value('from')}
        onChange={(e) => set('from', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        label="To"
        value={value('to')}
        onChange={(e) => set('to', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
