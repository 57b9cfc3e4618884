import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, type Identifier } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import { feedOutcomes, type FeedRun, type FeedRunDetail } from '#shared/schemas/feed.ts';
import { failureMessage } from '../common/useAdminAction.tsx';
import type { AdminDataProvider, AdminFeed } from '../dataProvider.ts';

const counts = (run: FeedRun) =>
  feedOutcomes
    .filter((o) => run.counts[o] > 0)
    .map((o) => `${run.counts[o]} ${o}`)
    .join(', ');

/** A dealer's stock feeds: the scheduled address (paused or not), the imports and their reports. */
export function StockFeedsTab({ userId }: { userId: Identifier }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [state, setState] = useState<{ feed: AdminFeed | null; runs: FeedRun[] } | null>(null);
  const [report, setReport] = useState<FeedRunDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    () =>
      dataProvider.dealerFeeds(userId).then(setState, (e: unknown) => setError(failureMessage(e))),
    [dataProvider, userId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function togglePause(feed: AdminFeed) {
    try {
      await dataProvider.pauseFeed(feed.id, !feed.paused);
      await load();
    } catch (e) {
      setError(failureMessage(e));
    }
  }

  async function open(run: FeedRun) {
    try {
      setReport(await dataProvider.feedRun(run.id));
    } catch (e) {
      setError(failureMessage(e));
    }
  }

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!state) return null;
  const { feed, runs } = state;
  return (
    <Stack spacing={2}>
      {feed ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            Scheduled feed: {feed.url} ({feed.paused ? 'paused' : 'active'}
            {feed.lastFetchedAt ? `, fetched ${dateTime(feed.lastFetchedAt)}` : ''})
          </Typography>
          <Button variant="outlined" onClick={() => void togglePause(feed)}>
            {feed.paused ? 'Resume feed' : 'Pause feed'}
          </Button>
        </Stack>
      ) : (
        <Typography color="text.secondary">No scheduled feed</Typography>
      )}
      {runs.length === 0 ? (
        <Typography color="text.secondary">No imports yet</Typography>
      ) : (
        <Table size="small" aria-label="Imports">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>File</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Lines</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id}>
                <TableCell>{dateTime(run.createdAt)}</TableCell>
                <TableCell>{run.fileName}</TableCell>
                <TableCell>{run.message ?? run.status}</TableCell>
                <TableCell>{counts(run)}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => void open(run)}>
                    Report
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {report && (
        <Box>
          <Typography variant="h6" component="h3">
            Report of {report.fileName}
          </Typography>
          <Table size="small" aria-label="Import report">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Stock number</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Message</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.report.map((line, index) => (
                <TableRow key={index}>
                  <TableCell>{line.line ?? '–'}</TableCell>
                  <TableCell>{line.stockNumber ?? '–'}</TableCell>
                  <TableCell>{line.outcome}</TableCell>
                  <TableCell>{line.field ?? ''}</TableCell>
                  <TableCell>{line.message ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}
