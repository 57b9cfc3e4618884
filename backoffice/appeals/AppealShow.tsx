import {
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { ShowBase, useShowContext } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import type { AppealDetail } from '#shared/schemas/appeal.ts';
import { groundLabels } from '#shared/schemas/trust.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { AppealDecision } from './AppealDecision.tsx';
import { decisionLabels, stateLabel } from './appealLabels.ts';
import { ListingVersions } from './ListingVersions.tsx';

/** An appeal: the decision, the seller's words, the outcome or its buttons, the log, the versions. */
export function AppealShow() {
  return (
    <ShowBase>
      <AppealScreen />
    </ShowBase>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1}>
      <Typography sx={{ fontWeight: 600, minWidth: 140 }}>{label}</Typography>
      <Typography component="div">{children}</Typography>
    </Stack>
  );
}

function AppealScreen() {
  const { record: appeal, error } = useShowContext<AppealDetail>();
  if (error) return <Typography role="alert">{String(error.message)}</Typography>;
  // Until the appeal itself loads, the record may be the queue's row, without log or versions.
  if (!appeal?.log) return null;
  return (
    <>
      <SectionTitle title={`Appeal #${appeal.id} · ${stateLabel(appeal.outcome)}`} />
      <Part title="The decision">
        <Fact label="Listing">
          #{appeal.listingId} {appeal.title}
        </Fact>
        <Fact label="Decision">{decisionLabels[appeal.decision]}</Fact>
        <Fact label="Ground">
          {groundLabels[appeal.ground]}
          {appeal.reason ? ` (${appeal.reason})` : ''}
        </Fact>
        <Fact label="Decided by">{appeal.decidedByEmail ?? 'Automatic (reports)'}</Fact>
        <Fact label="Decided">{dateTime(appeal.decidedAt)}</Fact>
      </Part>
      <Part title="The appeal">
        <Fact label="Seller">{appeal.appellantEmail}</Fact>
        <Fact label="Appealed">{dateTime(appeal.createdAt)}</Fact>
        <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{appeal.message}</Typography>
      </Part>
      <Part title="Outcome">
        {appeal.outcome ? (
          <>
            <Fact label="Outcome">{stateLabel(appeal.outcome)}</Fact>
            <Fact label="Decided by">{appeal.reviewerEmail}</Fact>
            <Fact label="Reason">{appeal.outcomeReason}</Fact>
          </>
        ) : (
          <AppealDecision appeal={appeal} />
        )}
      </Part>
      <Part title="Moderation log">
        <Table size="small" aria-label="Moderation log of the listing">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Admin</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Reason</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {appeal.log.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{dateTime(entry.createdAt)}</TableCell>
                <TableCell>{entry.adminEmail}</TableCell>
                <TableCell>{entry.action}</TableCell>
                <TableCell>{entry.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Part>
      <Part title="Versions of the listing">
        <ListingVersions versions={appeal.versions} />
      </Part>
    </>
  );
}
