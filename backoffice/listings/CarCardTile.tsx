import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import PlaceIcon from '@mui/icons-material/Place';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { cardPrice, place } from './listingFields.ts';

/** A listing card of the admin grids: image, brand and model, price, title, location and city. */
export function CarCardTile({ card, to }: { card: CarCard; to: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={LinkBase}
        to={to}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {card.image ? (
          <Box
            component="img"
            src={card.image}
            alt=""
            loading="lazy"
            sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Box
            sx={{
              aspectRatio: '4 / 3',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'text.disabled',
            }}
          >
            <DirectionsCarIcon fontSize="large" />
          </Box>
        )}
        <CardContent sx={{ flex: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {card.brand} {card.model}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 800, color: 'primary.dark' }}>
            {cardPrice(card)}
          </Typography>
          <Typography component="h2" sx={{ fontWeight: 600 }} noWrap title={card.title}>
            {card.title}
          </Typography>
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}
          >
            <PlaceIcon fontSize="small" />
            <Typography variant="body2">{place(card.location, card.city)}</Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
