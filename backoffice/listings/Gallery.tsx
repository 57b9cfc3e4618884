import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { Box, ButtonBase, Dialog, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { step, swipe, type Photo } from './gallery.ts';

interface GalleryProps {
  photos: Photo[];
  /** The photo to open at; null keeps the gallery closed. */
  start: number | null;
  onClose: () => void;
}

/**
 * Every photo of a listing, full screen: arrows, a counter, thumbnails, the left and right keys
 * and a 50 px swipe move between them.
 */
export function Gallery({ photos, start, onClose }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const touchX = useRef<number | null>(null);
  const titleId = useId();
  useEffect(() => {
    if (start !== null) setIndex(start);
  }, [start]);
  const move = (delta: number) => setIndex((i) => step(i, delta, photos.length));
  const photo = photos[index];

  return (
    <Dialog
      open={start !== null && photo !== undefined}
      onClose={onClose}
      fullScreen
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') move(-1);
        if (event.key === 'ArrowRight') move(1);
      }}
      slotProps={{ paper: { sx: { bgcolor: '#0b1118', color: '#fff' } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1 }}>
        <Typography id={titleId} sx={{ px: 1 }} aria-live="polite">
          {index + 1} / {photos.length}
        </Typography>
        <IconButton onClick={onClose} aria-label="Close gallery" sx={{ color: 'inherit' }}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box
        sx={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex', alignItems: 'center' }}
        onTouchStart={(event) => (touchX.current = event.touches[0]?.clientX ?? null)}
        onTouchEnd={(event) => {
          const endX = event.changedTouches[0]?.clientX;
          if (touchX.current !== null && endX !== undefined) move(swipe(touchX.current, endX));
          touchX.current = null;
        }}
      >
        {photo && (
          <Box
            component="img"
            src={photo.name}
            alt={`Photo ${index + 1} of ${photos.length}`}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', userSelect: 'none' }}
          />
        )}
        <IconButton
          onClick={() => move(-1)}
          aria-label="Previous photo"
          sx={{ ...arrowSx, left: 8 }}
        >
          <ChevronLeftIcon fontSize="large" />
        </IconButton>
        <IconButton onClick={() => move(1)} aria-label="Next photo" sx={{ ...arrowSx, right: 8 }}>
          <ChevronRightIcon fontSize="large" />
        </IconButton>
      </Box>
      <Stack direction="row" spacing={1} sx={{ p: 1, overflowX: 'auto', justifyContent: 'center' }}>
        {photos.map((thumb, i) => (
          <ButtonBase
            key={thumb.id}
            onClick={() => setIndex(i)}
            aria-label={`Show photo ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            sx={{
              flexShrink: 0,
              borderRadius: 1,
              overflow: 'hidden',
              outline: i === index ? '2px solid #fff' : 'none',
              opacity: i === index ? 1 : 0.6,
            }}
          >
            <Box
              component="img"
              src={thumb.card}
              alt=""
              sx={{ width: 72, height: 54, objectFit: 'cover' }}
            />
          </ButtonBase>
        ))}
      </Stack>
    </Dialog>
  );
}

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  color: '#fff',
  bgcolor: 'rgba(0,0,0,0.4)',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.6)' },
} as const;
