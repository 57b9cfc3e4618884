import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { LinkBase, useGetList } from 'react-admin';
import { usePanelPath } from '../common/panelPaths.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';

const queues = [
  { resource: 'approve-listings', title: 'Approve listings' },
  { resource: 'edited-listings', title: 'Edited listings' },
  { resource: 'reported-listings', title: 'Reported listings' },
  { resource: 'suspended-listings', title: 'Suspended listings' },
  { resource: 'denied-listings', title: 'Denied listings' },
] as const;

/** The panel root on wide screens: how many listings wait in each moderation queue. */
export function Dashboard() {
  return (
    <Box>
      <SectionTitle title="Moderation" />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {queues.map((queue) => (
          <QueueCard key={queue.resource} {...queue} />
        ))}
      </Box>
    </Box>
  );
}

function QueueCard({ resource, title }: { resource: string; title: string }) {
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
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
