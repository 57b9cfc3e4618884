/**
 * CSV export, the same for every table: the columns the table shows, headed as it heads them,
 * each value as the table shows it (names rather than ids, 'Active' rather than true) and every
 * date in the spec's 'dd MMM yyyy, HH:mm'.
 */
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { defaultExporter, type Exporter, type RaRecord } from 'react-admin';

type Row = Record<string, unknown>;

/** A react-admin exporter of `toRow` of every record. */
export function csvExporter<R extends RaRecord>(toRow: (record: R) => Row): Exporter<R> {
  return (records, fetchRelated, dataProvider, resource) =>
    defaultExporter(records.map(toRow), fetchRelated, dataProvider, resource);
}

/** A column that only holds buttons (Remove, Deactivate): nothing to export. */
const isAction = (column: GridColDef) =>
  column.type === 'actions' || (Boolean(column.renderCell) && !column.valueFormatter);

/** A record as its table's row: every column but the buttons, formatted as the table does. */
export function tableRow<R extends GridValidRowModel>(
  columns: readonly GridColDef<R>[],
  record: R,
): Row {
  const row: Row = {};
  for (const column of columns) {
    if (isAction(column as GridColDef)) continue;
    const value: unknown = record[column.field];
    const format = column.valueFormatter as
      ((value: unknown, row: R, column: GridColDef<R>, api: never) => unknown) | undefined;
    row[column.headerName ?? column.field] = format
      ? format(value, record, column, undefined as never)
      : (value ?? '');
  }
  return row;
}

/** The exporter of a DataTable: its columns, as it shows them. */
export const tableExporter = <R extends RaRecord & GridValidRowModel>(
  columns: readonly GridColDef<R>[],
): Exporter<R> => csvExporter<R>((record) => tableRow(columns, record));
