import { AppBar, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';

/** The admin header: the logo only (the spec), no other controls. */
export function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ '& a': { textDecoration: 'none' } }}>{children}</Toolbar>
    </AppBar>
  );
}
