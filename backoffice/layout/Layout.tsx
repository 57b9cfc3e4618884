import { useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { usePanelPathname } from '../common/panelPaths.ts';
import { NARROW_QUERY } from '../theme.ts';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { isPanelRoot } from './sections.ts';
import { Sidebar } from './Sidebar.tsx';

/**
 * react-admin's layout with Spotted's parts: the logo-only app bar, the server's menu and a
 * sidebar that, up to 1024 px wide, shows alone at the panel root and not elsewhere. No footer.
 */
export function Layout({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const menuOnly = narrow && isPanelRoot(usePanelPathname());
  return (
    <RaLayout
      appBar={AppBar}
      sidebar={Sidebar}
      menu={Menu}
      sx={{
        // react-admin lets the layout grow to its content (min-width: fit-content), which makes
        // a wide table scroll the whole page on a phone; tables scroll inside themselves instead.
        minWidth: 0,
        '& .RaLayout-appFrame': { mt: 0 },
        '& .RaLayout-content': {
          display: menuOnly ? 'none' : 'flex',
          px: { xs: 2, md: 3 },
          pb: 4,
          minWidth: 0,
        },
      }}
    >
      {children}
    </RaLayout>
  );
}
