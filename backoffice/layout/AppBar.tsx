import { LinkBase } from 'react-admin';
import { usePanelPath } from '../common/panelPaths.ts';
import { HeaderBar } from './HeaderBar.tsx';
import { Logo } from './Logo.tsx';

/** The panel's app bar: the logo, linking to the panel root (the menu on narrow screens). */
export function AppBar() {
  const panel = usePanelPath();
  return (
    <HeaderBar>
      <LinkBase to={panel('/')} aria-label="Spotted admin, all sections">
        <Logo />
      </LinkBase>
    </HeaderBar>
  );
}
