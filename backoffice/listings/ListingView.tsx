import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import PlaceIcon from '@mui/icons-material/Place';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, AlertTitle, Box, Chip, Paper, Stack, Typography, alpha } from '@mui/material';
import type { ReactNode } from 'react';
import { dateTime } from '#shared/format.ts';
import type { CarDetail } from '#shared/schemas/listing-display.ts';
import type { Report } from '../dataProvider.ts';
import {
  cardPrice,
  flagRows,
  place,
  previousValue,
  sellerName,
  sellerPhones,
  specificationRows,
} from './listingFields.ts';
import { PhotoGrid } from './PhotoGrid.tsx';
import { ListingInsightsPanel } from '../insights/ListingInsightsPanel.tsx';

interface ListingViewProps {
  car: CarDetail;
  /** Reports shown above the listing (reported and suspended listings). */
  reports?: Report[];
  /** For an edit: the live listing, and the fields the edit changes (highlighted). */
  original?: CarDetail | null;
  changes?: Set<keyof CarDetail>;
}

/**
 * The admin listing view: reports and the denial message first, then the photo grid, every
 * field of the listing in the spec's order and the seller's contact information.
 */
export function ListingView({ car, reports, original, changes }: ListingViewProps) {
  /** A field of the view, highlighted with its old value when the edit changes it. */
  const field = (key: keyof CarDetail, content: ReactNode, inline = false) => {
    const changed = original && changes?.has(key);
    if (!changed) return content;
    return (
      <Box
        component={inline ? 'span' : 'div'}
        data-changed={key}
        sx={{
          display: inline ? 'inline-block' : 'block',
          bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12),
          outline: 2,
          outlineColor: 'warning.main',
          borderRadius: 1,
          px: 0.5,
        }}
      >
        {content}
        <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
          Was: {previousValue(original, key)}
        </Typography>
      </Box>
    );
  };

  return (
    <Stack spacing={2}>
      {reports && reports.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Reports">
          <Typography variant="h6" component="h2" gutterBottom>
            Reports
          </Typography>
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {reports.map((report) => (
              <Box component="li" key={report.id}>
                <Typography variant="caption" color="text.secondary">
                  {dateTime(report.date)}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line' }}>{report.text}</Typography>
              </Box>
            ))}
          </Stack>
        </Paper>
      )}
      {car.deniedMessage && (
        <Alert severity="error">
          <AlertTitle>Denial message</AlertTitle>
          <Box sx={{ whiteSpace: 'pre-line' }}>{car.deniedMessage}</Box>
        </Alert>
      )}

      {field('images', <PhotoGrid photos={car.images} />)}
      {!original && car.originalId === null && car.publishedAt && (
        <ListingInsightsPanel id={car.id} />
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip label={car.typeName} size="small" color="primary" variant="outlined" />
            <Typography variant="body2" color="text.secondary">
              {car.brand} {car.model}
            </Typography>
          </Stack>
          {field(
            'title',
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {car.title}
            </Typography>,
          )}
          <Stack
            direction="row"
            sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary' }}
          >
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <VisibilityIcon fontSize="small" />
              <span>{car.views} views</span>
            </Stack>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <PlaceIcon fontSize="small" />
              <span>{place(car.user.address, car.user.city)}</span>
            </Stack>
          </Stack>
          {field(
            'price',
            <Typography variant="h5" component="p" sx={{ fontWeight: 800, color: 'primary.dark' }}>
              {cardPrice(car)}
            </Typography>,
            true,
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {flagRows(car).map((flag) => (
              <Box key={flag.key}>
                {field(
                  flag.key,
                  <Chip
                    icon={flag.on ? <CheckIcon /> : <CloseIcon />}
                    label={flag.label}
                    color={flag.on ? 'success' : 'default'}
                    variant={flag.on ? 'filled' : 'outlined'}
                    aria-label={`${flag.label}: ${flag.on ? 'yes' : 'no'}`}
                  />,
                  true,
                )}
              </Box>
            ))}
          </Stack>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section">
        <Typography variant="h6" component="h2" gutterBottom>
          Specification
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            gap: 2,
            m: 0,
          }}
        >
          {specificationRows(car).map((row) => (
            <Box key={row.key}>
              {field(
                row.key,
                <>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {row.label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                    {row.value}
                  </Typography>
                </>,
              )}
            </Box>
          ))}
        </Box>
      </Paper>

      {(['safety', 'equipment'] as const).map((kind) => (
        <Paper key={kind} variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section">
          {field(
            kind,
            <>
              <Typography variant="h6" component="h2" gutterBottom>
                {kind === 'safety' ? 'Safety' : 'Equipment'}
              </Typography>
              {car[kind].length === 0 ? (
                <Typography color="text.secondary">None</Typography>
              ) : (
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                  {car[kind].map((item) => (
                    <Chip key={item.id} label={item.name} variant="outlined" />
                  ))}
                </Stack>
              )}
            </>,
          )}
        </Paper>
      ))}

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section">
        {field(
          'description',
          <>
            <Typography variant="h6" component="h2" gutterBottom>
              Description
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {car.description || 'No description'}
            </Typography>
          </>,
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section">
        <Typography variant="h6" component="h2" gutterBottom>
          Seller contact information
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
          {contactRows(car.user).map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </Stack>
  );
}

function contactRows(user: CarDetail['user']): [string, ReactNode][] {
  const phones = sellerPhones(user);
  return [
    ['Name', sellerName(user)],
    ['Address', user.address || '—'],
    ['City', user.city ?? '—'],
    ['Email', <a href={`mailto:${user.email}`}>{user.email}</a>],
    ...phones.map((phone, i): [string, ReactNode] => [
      i === 0 ? 'Phone' : `Phone ${i + 1}`,
      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>,
    ]),
  ];
}
