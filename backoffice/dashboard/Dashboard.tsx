import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { LinkBase, useGetList } from 'react-admin';
import { usePanelPath } from '../common/panelPaths.ts';
import type { Turnaround } from '#shared/schemas/trust.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { SiteTotals } from '../insights/SiteTotals.tsx';
import { ageOf, useTurnaround } from './useTurnaround.ts';

const queues = [
  { resource: 'approve-listings', title: 'Approve listings', queue: 'requests' },
  { resource: 'edited-listings', title: 'Edited listings', queue: 'edits' },
  { resource: 'reported-listings', title: 'Reported listings', queue: 'reports' },
  { resource: 'suspended-listings', title: 'Suspended listings' },
  { resource: 'denied-listings', title: 'Denied listings' },
] as const;

/**
 * The panel root on wide screens: how many listings wait in each moderation queue (the three
 * that are waiting for a decision with their oldest item's age and how many are overdue), and
 * the median time to decision over the last 30 days; below them, the site's days.
 */
export function Dashboard() {
  const turnaround = useTurnaround();
  return (
    <Box>
      <SectionTitle title="Moderation" />
      <Typography sx={{ mb: 2 }} role="status">
        {turnaround === null
          ? ' '
          : turnaround.medianHours === null
            ? 'No decisions in the last 30 days.'
            : `Median time to decision (last 30 days): ${hoursText(turnaround.medianHours)}, over ${turnaround.decisions} ${turnaround.decisions === 1 ? 'decision' : 'decisions'}.`}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {queues.map((queue) => (
          <QueueCard
            key={queue.resource}
            {...queue}
            clock={turnaround?.queues.find((q) => 'queue' in queue && q.queue === queue.queue)}
          />
        ))}
      </Box>
      <SiteTotals />
    </Box>
  );
}

const hoursText = (hours: number) =>
  hours < 48 ? `${hours} hours` : `${Math.round((hours / 24) * 10) / 10} days`;

function QueueCard({
  resource,
  title,
  clock,
}: {
  resource: string;
  title: string;
  clock?: Turnaround['queues'][number];
}) {
  const panel = usePanelPath();
  const { total, isPending } = useGetList(resource, { pagination: { page: 1, perPage: 1 } });
  return (
    <Card variant="outlined">
      <CardActionArea component={LinkBase} to={panel(`/${resource}`)}>
        <CardContent>
          <Typography color="text.secondary">{title}</Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
            {isPending ? <Skeleton width={40} /> : (total ?? 0)}
          </Typography>
          {clock?.oldestAt && (
            <Typography variant="body2" color={clock.overdue ? 'warning.main' : 'text.secondary'}>
              Oldest {ageOf(clock.oldestAt)} · {clock.overdue} overdue
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
