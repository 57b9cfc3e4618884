import {
  Box,
  Card,
  CardContent,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import type { SiteDay } from '#shared/schemas/insights.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { api } from '../httpClient.ts';

const columns = [
  { key: 'liveListings', label: 'Listings live' },
  { key: 'newListings', label: 'New' },
  { key: 'removedListings', label: 'Sold or removed' },
  { key: 'searches', label: 'Searches' },
  { key: 'views', label: 'Views' },
  { key: 'contacts', label: 'Contacts' },
] as const satisfies readonly { key: keyof SiteDay; label: string }[];

/** The back-office home's site-wide totals: today in cards, the last 30 days in a table. */
export function SiteTotals() {
  const [days, setDays] = useState<SiteDay[] | null>(null);
  useEffect(() => {
    void api
      .call((r) => r.insights.site.$get({ query: { days: '30' } }))
      .then((res) => setDays(res.code === 0 ? res.data.days : []));
  }, []);
  const today = days?.at(-1);

  return (
    <Box sx={{ mt: 4 }}>
      <SectionTitle title="Site today" />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
        }}
      >
        {columns.map((c) => (
          <Card key={c.key} variant="outlined">
            <CardContent>
              <Typography color="text.secondary">{c.label}</Typography>
              <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
                {days ? (today?.[c.key] ?? 0) : <Skeleton width={40} />}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      {days && days.length > 0 && (
        <TableContainer component={Paper} variant="outlined" sx={{ mt: 2 }}>
          <Table size="small" aria-label="Site totals per day">
            <TableHead>
              <TableRow>
                <TableCell>Day</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} align="right">
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {[...days].reverse().map((d) => (
                <TableRow key={d.day}>
                  <TableCell>{d.day}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.key} align="right">
                      {d[c.key]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
