import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { MOBILE_QUERY } from '#shared/limits.ts';

/** react-admin's default theme in Spotted's colours (the public site's design tokens). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#0a6cff', dark: '#0650c2', light: '#e8f1ff', contrastText: '#fff' },
    secondary: { main: '#16202c', contrastText: '#fff' },
    success: { main: '#12805c' },
    error: { main: '#c62828' },
    warning: { main: '#b85c00' },
    background: { default: '#f5f7fa', paper: '#fff' },
    text: { primary: '#16202c', secondary: '#5b6778' },
  },
  shape: { borderRadius: 12 },
  typography: {
    ...defaultTheme.typography,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
};

/** Below this width (the spec's 1024 px) the sidebar shows only at the panel root. */
export const NARROW_QUERY = MOBILE_QUERY;
