import { Stack, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';

/**
 * A screen's heading (the app bar shows only the logo, so titles live in the page) and the
 * browser tab's title; `actions` sit at its end.
 */
export function SectionTitle({ title, actions }: { title: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Spotted admin`;
  }, [title]);
  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
        my: 2,
      }}
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
