import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import {
  Avatar,
  Box,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { dateTime, date, price } from '#shared/format.ts';
import { roles } from '#shared/limits.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import type { Transaction } from '#shared/schemas/payment.ts';
import type { User } from '#shared/schemas/user.ts';
import type { Subscription } from '../dataProvider.ts';
import { texts } from '../texts.ts';
import { ActionCell, BalanceCell } from '../transactions/TransactionCells.tsx';
import { actionText, transactionBalance } from '../transactions/transactionLabels.ts';
import {
  generalRows,
  listingHref,
  logoSrc,
  stateColor,
  subscriptionColor,
} from './userDetailsFields.ts';

const Empty = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
    {children}
  </Typography>
);

/** A part of the details that could not be loaded (the data provider logged why). */
const Unavailable = () => <Empty>This part could not be loaded.</Empty>;

const cardsSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

function CardImage({ src }: { src: string | null }) {
  return src ? (
    <CardMedia component="img" image={src} alt="" loading="lazy" sx={{ aspectRatio: '4 / 3' }} />
  ) : (
    <Box
      sx={{ aspectRatio: '4 / 3', display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}
    >
      <DirectionsCarIcon color="disabled" fontSize="large" />
    </Box>
  );
}

export function GeneralTab({ user }: { user: User }) {
  const logo = user.role === roles.company ? logoSrc(user) : null;
  return (
    <Stack spacing={3}>
      {logo && (
        <Avatar
          src={logo}
          alt={`${user.firstName} logo`}
          variant="rounded"
          sx={{ width: 120, height: 120 }}
        />
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
          '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {generalRows(user).map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography component="dt">{row.label}</Typography>
            <Typography component="dd">{row.value || '—'}</Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

const transactionColumns: GridColDef<Transaction>[] = [
  {
    field: 'action',
    headerName: 'Action',
    flex: 2,
    minWidth: 200,
    valueGetter: (_v, row) => actionText(row),
    renderCell: ({ row }) => <ActionCell transaction={row} />,
  },
  {
    field: 'balance',
    headerName: 'Balance',
    flex: 1,
    minWidth: 140,
    valueGetter: (_v, row) => transactionBalance(row).text,
    renderCell: ({ row }) => <BalanceCell transaction={row} />,
  },
  {
    field: 'date',
    headerName: 'Date',
    width: 180,
    valueFormatter: (value: string) => dateTime(value),
  },
];

/** The user's transactions, newest first; the grid's toolbar exports them as CSV. */
export function TransactionsTab({ transactions }: { transactions: Transaction[] | null }) {
  if (!transactions) return <Unavailable />;
  if (!transactions.length) return <Empty>{texts.empty.transactions}</Empty>;
  return (
    <DataGrid<Transaction>
      label="Transactions"
      rows={transactions}
      columns={transactionColumns}
      showToolbar
      autoHeight
      disableRowSelectionOnClick
      // The Content-Security-Policy forbids eval, which the grid would try for its filters.
      disableEval
      pageSizeOptions={[10, 25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      sx={{ '& .MuiDataGrid-columnHeaderTitle': { textTransform: 'uppercase' } }}
    />
  );
}

export function SubscriptionsTab({ subscriptions }: { subscriptions: Subscription[] | null }) {
  if (!subscriptions) return <Unavailable />;
  if (!subscriptions.length) return <Empty>{texts.empty.subscriptions}</Empty>;
  return (
    <Box component="ul" sx={cardsSx}>
      {subscriptions.map((s) => (
        <Card component="li" key={s.id} variant="outlined">
          <CardImage src={s.image} />
          <CardContent>
            <Chip
              size="small"
              label={s.typeName}
              color={subscriptionColor(s.type)}
              sx={{ mb: 1 }}
            />
            <Typography variant="body2" color="text.secondary">
              {s.brand} {s.model}
            </Typography>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {s.title}
            </Typography>
            <Typography sx={{ fontWeight: 800, color: 'primary.dark' }}>
              {price(s.price, s.currency || '€')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {s.listingTypeName} · until {date(s.expiryDate)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** The user's listings with their state; each opens on the site (requests on their own page). */
export function ListingsTab({ listings }: { listings: CarCard[] | null }) {
  if (!listings) return <Unavailable />;
  if (!listings.length) return <Empty>No listings found</Empty>;
  return (
    <Box component="ul" sx={cardsSx}>
      {listings.map((car) => (
        <Card component="li" key={car.id} variant="outlined">
          <CardActionArea component="a" href={listingHref(car)} sx={{ height: '100%' }}>
            <CardImage src={car.image} />
            <CardContent>
              <Chip size="small" label={car.state} color={stateColor[car.state]} sx={{ mb: 1 }} />
              <Typography variant="body2" color="text.secondary">
                {car.brand} {car.model}
              </Typography>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {car.title}
              </Typography>
              <Typography sx={{ fontWeight: 800, color: 'primary.dark' }}>
                {price(car.price, car.currency || '€')}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

export function BalanceTab({ balance }: { balance: number | null }) {
  if (balance === null) return <Unavailable />;
  return (
    <Box>
      <Typography color="text.secondary">{texts.userDetails.currentBalance}</Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
        {texts.userDetails.credits(balance)}
      </Typography>
    </Box>
  );
}
