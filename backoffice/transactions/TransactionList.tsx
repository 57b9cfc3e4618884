import { Tab, Tabs } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  defaultExporter,
  ExportButton,
  ListBase,
  useListContext,
  type Exporter,
} from 'react-admin';
import { dateTime } from '#shared/format.ts';
import type { Transaction } from '#shared/schemas/payment.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { quietList } from '../common/quietList.ts';
import { ActionCell, BalanceCell } from './TransactionCells.tsx';
import { transactionCsvRow, transactionTabs } from './transactionLabels.ts';
import { EVERY_ROW } from '../dataProvider.ts';

const TITLE = 'Transactions';

/** The server pages transactions newest first, so no column sorts. */
const columns: GridColDef<Transaction>[] = [
  { field: 'id', headerName: 'ID', width: 90, sortable: false },
  { field: 'userEmail', headerName: 'Email', flex: 2, minWidth: 220, sortable: false },
  {
    field: 'action',
    headerName: 'Action',
    flex: 2,
    minWidth: 200,
    sortable: false,
    renderCell: ({ row }) => <ActionCell transaction={row} />,
  },
  {
    field: 'balance',
    headerName: 'Balance',
    flex: 1,
    minWidth: 140,
    sortable: false,
    renderCell: ({ row }) => <BalanceCell transaction={row} />,
  },
  {
    field: 'date',
    headerName: 'Date',
    width: 180,
    sortable: false,
    valueFormatter: (value: string) => dateTime(value),
  },
];

const exporter: Exporter<Transaction> = (rows, fetchRelated, dataProvider, resource) =>
  defaultExporter(rows.map(transactionCsvRow), fetchRelated, dataProvider, resource);

/** Every credit transaction, newest first, filtered by type with the spec's tabs. */
export const TransactionList = () => (
  <ListBase<Transaction>
    queryOptions={quietList}
    perPage={25}
    sort={{ field: '', order: 'ASC' }}
    exporter={exporter}
  >
    <Transactions />
  </ListBase>
);

function Transactions() {
  const { filterValues, setFilters } = useListContext<Transaction>();
  const type = filterValues.type === undefined ? 'all' : Number(filterValues.type);
  return (
    <>
      <SectionTitle title={TITLE} actions={<ExportButton maxResults={EVERY_ROW} />} />
      <Tabs
        value={type}
        onChange={(_, value: number | 'all') =>
          setFilters(value === 'all' ? {} : { type: value }, {})
        }
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Transaction type"
        sx={{ mb: 2 }}
      >
        {transactionTabs.map((tab) => (
          <Tab key={tab.label} value={tab.type ?? 'all'} label={tab.label} />
        ))}
      </Tabs>
      <DataTable<Transaction> label={TITLE} columns={columns} />
    </>
  );
}
