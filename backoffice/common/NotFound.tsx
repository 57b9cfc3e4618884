import { Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { messages } from '#shared/messages.ts';
import { usePanelPath } from './panelPaths.ts';
import { SectionTitle } from './SectionTitle.tsx';

/** An unknown path under /admin: the spec's not-found page, inside the panel. */
export function NotFound() {
  const panelPath = usePanelPath();
  return (
    <Stack sx={{ alignItems: 'flex-start', gap: 2 }}>
      <SectionTitle title={messages.notFound.title} />
      <Typography color="text.secondary">{messages.notFound.text}</Typography>
      <Button component={Link} to={panelPath('/')} variant="contained">
        Back to the panel
      </Button>
    </Stack>
  );
}
