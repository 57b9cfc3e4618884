import { Box } from '@mui/material';

/** The Spotted wordmark, as the public site's header draws it. */
export function Logo() {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        fontWeight: 800,
        fontSize: '1.35rem',
        letterSpacing: '-0.02em',
        color: 'text.primary',
      }}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={(theme) => ({
          width: 14,
          height: 14,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          boxShadow: `0 0 0 4px ${theme.palette.primary.light}`,
        })}
      />
      Spotted
    </Box>
  );
}
