import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase } from 'react-admin';
import { texts } from '../texts.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { usePanelPath } from '../common/panelPaths.ts';
import { failureMessage } from '../common/useAdminAction.tsx';

/**
 * The review screens load a listing with this meta: react-admin fills the getOne cache from every
 * list it loads, and a card of a list is not the full listing these screens show. The data
 * provider ignores it; it only keeps the two apart in the cache.
 */
export const reviewMeta = { view: 'review' } as const;

interface ReviewFrameProps {
  /** The section the screen belongs to, for the way back. */
  section: { path: string; title: string };
  title: string;
  isPending: boolean;
  error: unknown;
  /** The decisions (buttons). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A listing review screen's frame: the way back, the title and decisions, loading and failure. */
export function ReviewFrame({
  section,
  title,
  isPending,
  error,
  actions,
  children,
}: ReviewFrameProps) {
  const panel = usePanelPath();
  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto' }}>
      <Button
        component={LinkBase}
        to={panel(section.path)}
        startIcon={<ArrowBackIcon />}
        sx={{ mt: 2 }}
      >
        {section.title}
      </Button>
      {isPending ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress size={24} />
          <Typography>{texts.progress.loadingData}</Typography>
        </Stack>
      ) : error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failureMessage(error)}
        </Alert>
      ) : (
        <>
          <SectionTitle title={title} actions={actions} />
          {children}
        </>
      )}
    </Box>
  );
}
