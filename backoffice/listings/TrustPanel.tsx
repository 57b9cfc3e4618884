import {
  Alert,
  AlertTitle,
  Box,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import type { AuditEntry, Duplicate, Review, ScamKind, ScamMatch } from '#shared/schemas/trust.ts';
import type { AdminDataProvider } from '../dataProvider.ts';
import { usePanelPath } from '../common/panelPaths.ts';
import { MileagePanel } from './MileagePanel.tsx';

const kindLabels: Record<ScamKind, string> = {
  phone: 'Phone number',
  'foreign-phone': 'Foreign phone number',
  email: 'E-mail address',
  url: 'Link',
  handle: 'Messaging app or handle',
  payment: 'Advance-payment phrase',
};

/** The review screen's trust findings and history: for the listing `id` (an edit: the edit's id). */
export function TrustPanel({
  id,
  texts,
}: {
  id: number;
  texts: { title: string; description: string };
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [data, setData] = useState<Review | null>(null);
  useEffect(() => {
    let current = true;
    dataProvider.review(id).then(
      (review) => current && setData(review),
      // The findings are an aid: the review screen works without them.
      (error: unknown) => console.error('Could not load the trust findings', error),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, id]);
  if (!data) return null;
  const { flags, hiddenAt, history, mileage } = data;
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      {hiddenAt && (
        <Alert severity="warning">
          Hidden from search since {dateTime(hiddenAt)}: several people reported it. It comes back
          when you dismiss the reports or activate it.
        </Alert>
      )}
      {flags?.duplicates.map((duplicate) => (
        <DuplicateAlert key={duplicate.listingId} duplicate={duplicate} />
      ))}
      {flags && flags.scam.length > 0 && <ScamAlert matches={flags.scam} texts={texts} />}
      <MileagePanel rollback={flags?.rollback} timeline={mileage} />
      <History entries={history} />
    </Stack>
  );
}

function DuplicateAlert({ duplicate }: { duplicate: Duplicate }) {
  const panel = usePanelPath();
  const reviewPath = duplicate.state === 'PENDING' ? 'request' : 'report';
  const matched = [
    duplicate.chassis ? 'the same chassis number' : null,
    duplicate.photos.length
      ? `${duplicate.photos.length} matching ${duplicate.photos.length === 1 ? 'photo' : 'photos'}`
      : null,
  ].filter(Boolean);
  return (
    <Alert
      severity="error"
      role="region"
      aria-label={`Possible duplicate of #${duplicate.listingId}`}
    >
      <AlertTitle>
        Possible duplicate of{' '}
        <Link href={panel(`/car/${reviewPath}/${duplicate.listingId}`)}>
          #{duplicate.listingId}
        </Link>
      </AlertTitle>
      “{duplicate.title}” ({duplicate.state.toLowerCase()}) has {matched.join(' and ')}.
      {duplicate.photos.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr auto',
            gap: 1,
            mt: 1,
            alignItems: 'center',
          }}
        >
          <Typography variant="caption">This listing</Typography>
          <Typography variant="caption">#{duplicate.listingId}</Typography>
          <span />
          {duplicate.photos.map((match) => (
            <Fragment key={`${match.photo}-${match.other}`}>
              <img src={match.photo} alt="This listing's photo" style={photoStyle} />
              <img
                src={match.other}
                alt={`Matching photo of #${duplicate.listingId}`}
                style={photoStyle}
              />
              <Typography variant="caption">{match.distance} bits apart</Typography>
            </Fragment>
          ))}
        </Box>
      )}
    </Alert>
  );
}

const photoStyle = { width: '100%', maxWidth: 240, borderRadius: 4 } as const;

function ScamAlert({
  matches,
  texts,
}: {
  matches: ScamMatch[];
  texts: { title: string; description: string };
}) {
  const kinds = [...new Set(matches.map((m) => kindLabels[m.kind]))];
  return (
    <Alert severity="warning" role="region" aria-label="Flagged text">
      <AlertTitle>Flagged text: {kinds.join(', ')}</AlertTitle>
      {(['title', 'description'] as const).map((field) => {
        const own = matches.filter((m) => m.field === field);
        if (!own.length) return null;
        return (
          <Typography
            key={field}
            component="div"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}
          >
            <strong>{field === 'title' ? 'Title' : 'Description'}:</strong>{' '}
            <Highlighted text={texts[field]} matches={own} />
          </Typography>
        );
      })}
    </Alert>
  );
}

/** The text with each match in a <mark> (titled by its kind). */
function Highlighted({ text, matches }: { text: string; matches: ScamMatch[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of matches) {
    // The text may have changed since the check: a match that no longer fits is left out.
    if (match.start < at || text.slice(match.start, match.end) !== match.text) continue;
    parts.push(text.slice(at, match.start));
    parts.push(
      <mark key={match.start} title={kindLabels[match.kind]}>
        {match.text}
      </mark>,
    );
    at = match.end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function History({ entries }: { entries: AuditEntry[] }) {
  return (
    <Box>
      <Typography variant="h6" component="h2">
        History
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">No decisions yet.</Typography>
      ) : (
        <Table size="small" aria-label="History">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Admin</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Reason</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{dateTime(entry.createdAt)}</TableCell>
                <TableCell>{entry.adminEmail}</TableCell>
                <TableCell>{entry.action}</TableCell>
                <TableCell>{entry.reason ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
