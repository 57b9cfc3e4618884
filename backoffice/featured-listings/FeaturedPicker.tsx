import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import {
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Pagination,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId, useState } from 'react';
import { useCreate, useGetList, useRefresh } from 'react-admin';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { CarCard } from '#shared/schemas/listing-display.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';
import { cardLabel, cardPrice } from '../listings/listingFields.ts';
import { texts } from '../texts.ts';
import { NARROW_QUERY } from '../theme.ts';

/**
 * 'Add top spotted car': the home page's cars, 50 a page as the server pages them, each with
 * 'Add as featured car'; a car already in Top Spotted says so instead.
 */
export function FeaturedPicker({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const narrow = useMediaQuery(NARROW_QUERY);
  const [page, setPage] = useState(1);
  const { data, total, isPending } = useGetList<CarCard>(
    'home-listings',
    { pagination: { page, perPage: limits.pageSize }, sort: { field: '', order: 'ASC' } },
    { enabled: open },
  );
  const [create] = useCreate<CarCard>();
  const refresh = useRefresh();
  const { perform, dialogs, busy } = useAdminAction();
  const pages = Math.max(1, Math.ceil((total ?? 0) / limits.pageSize));

  const add = (car: CarCard) =>
    perform({
      progress: texts.progress.addingFeatured,
      run: () => create('featured-listings', { data: car }, { returnPromise: true }),
      success: messages.moderation.addedToFeatured,
      then: refresh,
    });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={narrow}
      maxWidth="md"
      scroll="paper"
    >
      <DialogTitle id={titleId}>{texts.featured.add}</DialogTitle>
      <DialogContent dividers>
        {isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={texts.progress.loading} />
          </Box>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {(data ?? []).map((car) => (
              <Stack
                component="li"
                key={car.id}
                aria-label={cardLabel(car)}
                direction="row"
                spacing={2}
                sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
              >
                <Avatar
                  variant="rounded"
                  src={car.image ?? undefined}
                  alt=""
                  sx={{ width: 72, height: 54 }}
                >
                  <DirectionsCarIcon />
                </Avatar>
                <Box sx={{ flex: 1, minWidth: 160 }}>
                  <Typography variant="body2" color="text.secondary">
                    {car.brand} {car.model} · {car.year}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{car.title}</Typography>
                  <Typography variant="body2" color="primary.dark" sx={{ fontWeight: 700 }}>
                    {cardPrice(car)}
                  </Typography>
                </Box>
                {car.isTopSpotted ? (
                  <Chip label="Top Spotted" color="success" variant="outlined" />
                ) : (
                  <Button variant="outlined" disabled={busy} onClick={() => void add(car)}>
                    {texts.featured.addAsFeatured}
                  </Button>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Pagination
          count={pages}
          page={page}
          onChange={(_, next) => setPage(next)}
          size="small"
          siblingCount={narrow ? 0 : 1}
        />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {dialogs}
    </Dialog>
  );
}
