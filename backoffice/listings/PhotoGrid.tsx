import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { Box, Button, ButtonBase } from '@mui/material';
import { useState } from 'react';
import { texts } from '../texts.ts';
import { Gallery } from './Gallery.tsx';
import { coverFirst, GRID_PHOTOS, type Photo } from './gallery.ts';

/** The first five photos (the cover large) and 'See all photos', which opens the gallery. */
export function PhotoGrid({ photos }: { photos: Photo[] }) {
  const ordered = coverFirst(photos);
  const [open, setOpen] = useState<number | null>(null);
  if (ordered.length === 0) return null;
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' },
          gridTemplateRows: { md: 'repeat(2, 160px)', lg: 'repeat(2, 200px)' },
          borderRadius: 2,
          overflow: 'hidden',
        }}
      >
        {ordered.slice(0, GRID_PHOTOS).map((photo, i) => (
          <ButtonBase
            key={photo.id}
            onClick={() => setOpen(i)}
            aria-label={`Open photo ${i + 1} of ${ordered.length}`}
            sx={{
              gridRow: i === 0 ? { md: 'span 2' } : undefined,
              display: i === 0 ? 'block' : { xs: 'none', md: 'block' },
              height: { xs: 240, md: '100%' },
            }}
          >
            <Box
              component="img"
              src={i === 0 ? photo.name : photo.card}
              alt=""
              loading={i === 0 ? 'eager' : 'lazy'}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          </ButtonBase>
        ))}
      </Box>
      <Button
        variant="contained"
        color="inherit"
        startIcon={<PhotoLibraryIcon />}
        onClick={() => setOpen(0)}
        sx={{ position: 'absolute', right: 12, bottom: 12, bgcolor: 'background.paper' }}
      >
        {texts.review.seeAllPhotos}
      </Button>
      <Gallery photos={ordered} start={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
