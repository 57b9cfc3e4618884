import { Box } from '@mui/material';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useListContext, type RaRecord } from 'react-admin';

interface DataTableProps<R extends RaRecord & GridValidRowModel> {
  columns: GridColDef<R>[];
  /** The grid's accessible name (usually the section title). */
  label: string;
  onRowClick?: (record: R) => void;
  pageSizeOptions?: number[];
}

/**
 * A back-office table: MUI X DataGrid bound to the surrounding react-admin list context, so
 * paging and sorting go through the list's params (kept in the URL) and the data provider. Use it
 * inside <List pagination={false}> (CSV export comes from the List's ExportButton, which exports
 * every matching row, not just the page); a column with `sortable: false` opts out of sorting
 * (transactions: the server pages them newest first).
 */
export function DataTable<R extends RaRecord & GridValidRowModel>({
  columns,
  label,
  onRowClick,
  pageSizeOptions = [10, 25, 50, 100],
}: DataTableProps<R>) {
  const { data, total, isPending, page, perPage, setPage, setPerPage, sort, setSort } =
    useListContext<R>();
  return (
    <Box sx={{ width: '100%', bgcolor: 'background.paper', borderRadius: 1 }}>
      <DataGrid<R>
        label={label}
        rows={data ?? []}
        columns={columns}
        loading={isPending}
        rowCount={total ?? 0}
        autoHeight
        paginationMode="server"
        sortingMode="server"
        disableColumnFilter
        disableRowSelectionOnClick
        // The Content-Security-Policy forbids eval, which the grid would try for its filters.
        disableEval
        pageSizeOptions={pageSizeOptions}
        paginationModel={{ page: page - 1, pageSize: perPage }}
        onPaginationModelChange={(model) => {
          if (model.pageSize !== perPage) setPerPage(model.pageSize);
          else setPage(model.page + 1);
        }}
        sortModel={
          sort.field ? [{ field: sort.field, sort: sort.order === 'DESC' ? 'desc' : 'asc' }] : []
        }
        onSortModelChange={([first]) =>
          setSort(
            first
              ? { field: first.field, order: first.sort === 'desc' ? 'DESC' : 'ASC' }
              : { field: '', order: 'ASC' },
          )
        }
        onRowClick={onRowClick ? ({ row }) => onRowClick(row) : undefined}
        sx={{ cursor: onRowClick ? 'pointer' : undefined }}
      />
    </Box>
  );
}
