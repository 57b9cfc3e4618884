import {
  Alert,
  AlertTitle,
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { date, number, price } from '#shared/format.ts';
import type { MileageTimeline } from '#shared/schemas/history.ts';
import type { Rollback } from '#shared/schemas/trust.ts';

const outcomes = { LIVE: 'Live', WITHDRAWN: 'Withdrawn', SOLD: 'Sold through Spotted' } as const;

/**
 * The review screen's mileage findings: the rollback flag of the submission, and the car's
 * timeline as the public listing page shows it.
 */
export function MileagePanel({
  rollback,
  timeline,
}: {
  rollback: Rollback | null | undefined;
  timeline: MileageTimeline | null;
}) {
  if (!rollback && !timeline) return null;
  const unit = timeline?.unit ?? 'mi';
  return (
    <Box>
      {rollback && (
        <Alert severity="error" role="region" aria-label="Possible mileage rollback" sx={{ mb: 1 }}>
          <AlertTitle>Possible mileage rollback</AlertTitle>
          The mileage entered, {number(rollback.mileage)} {unit}, is lower than the{' '}
          {number(rollback.highest)} {unit} recorded for this chassis number on{' '}
          {date(rollback.readAt)}.
        </Alert>
      )}
      {timeline && (
        <>
          <Typography variant="h6" component="h2">
            Mileage history ({timeline.chassis})
          </Typography>
          <Table size="small" aria-label="Mileage history">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Listing</TableCell>
                <TableCell>Mileage</TableCell>
                <TableCell>Price</TableCell>
                <TableCell>Outcome</TableCell>
                <TableCell>Seller's explanation</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {timeline.entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{date(entry.readAt)}</TableCell>
                  <TableCell>
                    #{entry.listingId}
                    {entry.source === 'EDIT' ? ' (edit)' : ''}
                  </TableCell>
                  <TableCell sx={entry.rollbackFrom === null ? undefined : { color: 'error.main' }}>
                    {number(entry.mileage)} {timeline.unit}
                    {entry.rollbackFrom !== null &&
                      ` — lower than ${number(entry.rollbackFrom)} ${timeline.unit}`}
                  </TableCell>
                  <TableCell>{price(entry.price, entry.currency)}</TableCell>
                  <TableCell>{outcomes[entry.outcome]}</TableCell>
                  <TableCell>{entry.note ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
