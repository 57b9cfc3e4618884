import AddIcon from '@mui/icons-material/Add';
import { Button, Typography, useMediaQuery } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { ExportButton, ListBase, useRefresh } from 'react-admin';
import { messages } from '#shared/messages.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { useConfirmedDelete } from '../common/useConfirmedDelete.tsx';
import { cardLabel, cardPrice } from '../listings/listingFields.ts';
import { texts } from '../texts.ts';
import { NARROW_QUERY } from '../theme.ts';
import { FeaturedCards } from './FeaturedCards.tsx';
import { FeaturedPicker } from './FeaturedPicker.tsx';
import { EVERY_ROW } from '../dataProvider.ts';

/**
 * Named after what the home page calls these cars, not 'Featured', which is a paid listing type
 * with nothing to do with this list (the section's path stays the spec's featured-listings).
 */
const TITLE = texts.featured.title;

/**
 * The 'Top Spotted' cars of the home page: a table on wide screens and cards up to 1024 px,
 * each with Remove (after a confirmation); 'Add top spotted car' opens the picker of home cars.
 */
export const FeaturedListingsList = () => (
  <ListBase<CarCard> queryOptions={quietList} perPage={25} sort={{ field: '', order: 'ASC' }}>
    <FeaturedListings />
  </ListBase>
);

function FeaturedListings() {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [picking, setPicking] = useState(false);
  const refresh = useRefresh();
  const removal = useConfirmedDelete<CarCard>('featured-listings', {
    title: texts.featured.confirmRemove,
    question: cardLabel,
    confirm: 'Remove',
    progress: texts.progress.communicating,
    success: messages.moderation.removedFromFeatured,
    then: refresh,
  });

  const columns: GridColDef<CarCard>[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'brand', headerName: 'Make', flex: 1, minWidth: 120 },
    { field: 'model', headerName: 'Model', flex: 1, minWidth: 120 },
    { field: 'title', headerName: 'Title', flex: 2, minWidth: 200 },
    { field: 'year', headerName: 'Year', width: 90 },
    { field: 'body', headerName: 'Body', flex: 1, minWidth: 110 },
    {
      field: 'price',
      headerName: 'Price',
      width: 130,
      valueFormatter: (_value, car) => cardPrice(car),
    },
    removal.column(cardLabel),
  ];

  return (
    <>
      <SectionTitle
        title={TITLE}
        actions={
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPicking(true)}>
              {texts.featured.add}
            </Button>
            <ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />
          </>
        }
      />
      <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {texts.featured.explanation}
      </Typography>
      {narrow ? (
        <FeaturedCards onRemove={removal.ask} busy={removal.busy} />
      ) : (
        <DataTable<CarCard> label={TITLE} columns={columns} />
      )}
      <FeaturedPicker open={picking} onClose={() => setPicking(false)} />
      {removal.dialogs}
    </>
  );
}
