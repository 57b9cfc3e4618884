import type { GridColDef } from '@mui/x-data-grid';
import type { z } from 'zod';
import { ExportButton, FilterLiveSearch, ListBase, useNavigate } from 'react-admin';
import type { userRowSchema } from '#shared/schemas/user.ts';
import { DataTable } from '../common/DataTable.tsx';
import { usePanelPath } from '../common/panelPaths.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { EVERY_ROW } from '../dataProvider.ts';

export type UserRow = z.infer<typeof userRowSchema>;

const TITLE = 'Users';

const columns: GridColDef<UserRow>[] = [
  { field: 'id', headerName: 'ID', width: 80 },
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 220 },
  { field: 'firstName', headerName: 'First name', flex: 1, minWidth: 140 },
  { field: 'lastName', headerName: 'Last name', flex: 1, minWidth: 140 },
  { field: 'roleName', headerName: 'Role', width: 120 },
  {
    field: 'emailConfirmedAt',
    headerName: 'Email confirmed',
    width: 150,
    sortable: false,
    valueFormatter: (value: string | null) => (value ? 'Yes' : 'No'),
  },
];

/** Every account; a row opens the read-only user details (/admin/user/{id}). */
export function UserList() {
  const navigate = useNavigate();
  const panel = usePanelPath();
  return (
    <ListBase<UserRow> queryOptions={quietList} perPage={25} sort={{ field: 'id', order: 'ASC' }}>
      <SectionTitle
        title={TITLE}
        actions={<ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />}
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<UserRow>
        label={TITLE}
        columns={columns}
        onRowClick={(user) => navigate(panel(`/user/${user.id}`))}
      />
    </ListBase>
  );
}
