import { Box, useMediaQuery } from '@mui/material';
import type { SidebarProps } from 'react-admin';
import { usePanelPathname } from '../common/panelPaths.ts';
import { NARROW_QUERY } from '../theme.ts';
import { isPanelRoot } from './sections.ts';

export const SIDEBAR_WIDTH = 264;

/** Beside the content on wide screens; on narrow ones (up to 1024 px) only at the panel root. */
export function Sidebar({ children }: SidebarProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const pathname = usePanelPathname();
  if (narrow && !isPanelRoot(pathname)) return null;
  return (
    <Box
      component="nav"
      aria-label="Admin sections"
      sx={{
        width: narrow ? '100%' : SIDEBAR_WIDTH,
        flexShrink: 0,
        bgcolor: 'background.paper',
        borderRight: narrow ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ position: 'sticky', top: 64 }}>{children}</Box>
    </Box>
  );
}
