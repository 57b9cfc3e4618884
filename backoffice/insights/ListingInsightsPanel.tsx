import { Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ListingInsights } from '#shared/schemas/insights.ts';
import { api } from '../httpClient.ts';

const InsightsChart = lazy(() => import('#shared/insights/InsightsChart.tsx'));

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);

/** The listing's statistics as its seller sees them, on the admin's listing view. */
export function ListingInsightsPanel({ id }: { id: number }) {
  const [insights, setInsights] = useState<ListingInsights | null>(null);
  useEffect(() => {
    void api
      .call((r) => r.insights.car[':id'].$get({ param: { id: String(id) } }))
      .then((res) => res.code === 0 && setInsights(res.data));
  }, [id]);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Statistics">
      <Typography variant="h6" component="h2" gutterBottom>
        Statistics
      </Typography>
      {!insights ? (
        <Skeleton variant="rectangular" height={260} />
      ) : (
        <Stack spacing={2}>
          <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
            <InsightsChart
              days={insights.days}
              label={`Impressions, views and contacts of listing ${id}`}
            />
          </Suspense>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
              gap: 1.5,
              m: 0,
              '& dd': { m: 0, fontSize: '1.3rem', fontWeight: 700 },
              '& dt': { color: 'text.secondary', fontSize: '0.85rem' },
            }}
          >
            {(
              [
                ['Impressions', insights.totals.impressions],
                ['Views', insights.totals.views],
                ['Click-through', percent(insights.clickThroughRate)],
                ['Contacts', insights.totals.contacts],
                ['Favourites added', insights.totals.favoritesAdded],
                ['Shares', insights.totals.shares],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            Days under each type:{' '}
            {insights.types.map((t) => `${t.name} ${t.days}`).join(', ') || '–'}
            {insights.promotion &&
              ` · ${insights.promotion.name} since ${insights.promotion.startedAt.slice(0, 10)}: ` +
                `views per day ${insights.promotion.before?.views.toFixed(1) ?? '–'} before, ` +
                `${insights.promotion.after.views.toFixed(1)} after`}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}
