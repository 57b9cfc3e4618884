import type { GridColDef } from '@mui/x-data-grid';
import { ExportButton, FilterLiveSearch, ListBase, useListContext } from 'react-admin';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { cardPrice } from '../listings/listingFields.ts';
import { listingTypeName } from './listingTypes.ts';
import { EVERY_ROW } from '../dataProvider.ts';

const TITLE = 'Active listings';

/** The server sorts every live listing only by indexed columns: not by make, model or body. */
const columns: GridColDef<CarCard>[] = [
  { field: 'id', headerName: 'ID', width: 80 },
  { field: 'brand', headerName: 'Make', flex: 1, minWidth: 120, sortable: false },
  { field: 'model', headerName: 'Model', flex: 1, minWidth: 120, sortable: false },
  { field: 'title', headerName: 'Title', flex: 2, minWidth: 200 },
  { field: 'body', headerName: 'Body', flex: 1, minWidth: 110, sortable: false },
  {
    field: 'typeId',
    headerName: 'Type',
    width: 110,
    valueFormatter: (value: number) => listingTypeName(value),
  },
  { field: 'price', headerName: 'Price', width: 130, valueFormatter: (_v, car) => cardPrice(car) },
];

/** Every live listing; the title shows how many; a row opens the listing on the site. */
export const ActiveListingsList = () => (
  <ListBase<CarCard> queryOptions={quietList} perPage={25} sort={{ field: 'id', order: 'DESC' }}>
    <ActiveListings />
  </ListBase>
);

function ActiveListings() {
  const { total } = useListContext<CarCard>();
  return (
    <>
      <SectionTitle
        title={total === undefined ? TITLE : `${TITLE} (${total})`}
        actions={<ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />}
      />
      <FilterLiveSearch source="q" label="Search" sx={{ mb: 2, maxWidth: 360 }} />
      <DataTable<CarCard>
        label={TITLE}
        columns={columns}
        onRowClick={(car) => window.location.assign(`/car/${car.id}`)}
      />
    </>
  );
}
