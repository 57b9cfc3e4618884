import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  Skeleton,
  Typography,
} from '@mui/material';
import { Pagination, useListContext } from 'react-admin';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { cardLabel, cardPrice } from '../listings/listingFields.ts';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** The featured cars as cards (screens up to 1024 px wide), each with Remove. */
export function FeaturedCards({
  onRemove,
  busy,
}: {
  onRemove: (car: CarCard) => void;
  busy: boolean;
}) {
  const { data, total, perPage, isPending } = useListContext<CarCard>();
  if (isPending) {
    return (
      <Box sx={gridSx} aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={260} />
        ))}
      </Box>
    );
  }
  if (!data?.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        No featured cars
      </Typography>
    );
  }
  return (
    <>
      <Box component="ul" sx={{ ...gridSx, listStyle: 'none', p: 0, m: 0 }}>
        {data.map((car) => (
          <Card component="li" key={car.id} variant="outlined">
            {car.image ? (
              <CardMedia
                component="img"
                image={car.image}
                alt=""
                loading="lazy"
                sx={{ aspectRatio: '4 / 3' }}
              />
            ) : (
              <Box
                sx={{
                  aspectRatio: '4 / 3',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'action.hover',
                }}
              >
                <DirectionsCarIcon color="disabled" fontSize="large" />
              </Box>
            )}
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                #{car.id} · {car.brand} {car.model}
              </Typography>
              <Typography component="h2" sx={{ fontWeight: 600 }}>
                {car.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {car.year} · {car.body}
              </Typography>
              <Typography sx={{ fontWeight: 800, color: 'primary.dark' }}>
                {cardPrice(car)}
              </Typography>
            </CardContent>
            <CardActions>
              <Button
                color="error"
                disabled={busy}
                aria-label={`Remove ${cardLabel(car)}`}
                onClick={() => onRemove(car)}
              >
                Remove
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {(total ?? 0) > perPage && <Pagination rowsPerPageOptions={[perPage]} />}
    </>
  );
}
