import { Box, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  ExportButton,
  ListBase,
  Pagination,
  useListContext,
  useResourceContext,
} from 'react-admin';
import { MOBILE_MAX_WIDTH } from '#shared/limits.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { csvExporter } from '../common/csv.ts';
import { decisionKey, usePendingDecisions } from '../common/pendingDecisions.ts';
import { usePanelPath } from '../common/panelPaths.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { quietList } from '../common/quietList.ts';
import { CarCardTile } from './CarCardTile.tsx';
import { cardCsvRow } from './listingFields.ts';
import { EVERY_ROW } from '../dataProvider.ts';

interface CarCardGridProps {
  /** The section's title, as in the menu. */
  title: string;
  /** The spec's text for an empty queue. */
  empty: string;
  /** The review screen a card opens (a path inside the panel). */
  to: (card: CarCard) => string;
  /** Shown above the cards: the queue's turnaround clock. */
  clock?: ReactNode;
}

const PER_PAGE_OPTIONS = [12, 24, 48, 96];
const exporter = csvExporter(cardCsvRow);

/**
 * A card-grid section (approve, denied, edited, reported, suspended listings): the resource's
 * list as a 4-column grid of cards (fewer columns up to 1024 px wide), newest first, with CSV
 * export and paging.
 */
export function CarCardGrid({ title, empty, to, clock }: CarCardGridProps) {
  return (
    <ListBase<CarCard>
      queryOptions={quietList}
      perPage={24}
      sort={{ field: 'createdAt', order: 'DESC' }}
    >
      <SectionTitle
        title={title}
        actions={<ExportButton maxResults={EVERY_ROW} exporter={exporter} />}
      />
      {clock}
      <Cards empty={empty} to={to} />
    </ListBase>
  );
}

const gridSx = {
  display: 'grid',
  gap: 2,
  // The spec's 4 columns above its 1024 px breakpoint; 2 on tablets, 1 on phones.
  gridTemplateColumns: '1fr',
  '@media (min-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [`@media (min-width: ${MOBILE_MAX_WIDTH + 1}px)`]: {
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  },
} as const;

function Cards({ empty, to }: Pick<CarCardGridProps, 'empty' | 'to'>) {
  const { data: listed, total, isPending, error } = useListContext<CarCard>();
  const resource = useResourceContext() ?? '';
  const pending = usePendingDecisions();
  const data = listed?.filter((card) => !pending.has(decisionKey(resource, card.id)));
  const panel = usePanelPath();
  if (isPending) {
    return (
      <Box sx={gridSx} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={280} />
        ))}
      </Box>
    );
  }
  // A queue that failed to load is not an empty queue (the failure is only logged).
  if (error) return null;
  if (!data?.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  }
  return (
    <>
      <Box sx={gridSx}>
        {data.map((card) => (
          <CarCardTile key={card.id} card={card} to={panel(to(card))} />
        ))}
      </Box>
      {(total ?? 0) > (PER_PAGE_OPTIONS[0] ?? 0) && (
        <Pagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
      )}
    </>
  );
}
