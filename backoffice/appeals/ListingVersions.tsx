import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { dateTime, price } from '#shared/format.ts';
import type { ListingVersion } from '#shared/schemas/appeal.ts';

/** The listing and any edit of it, side by side: what the decision was about. */
export function ListingVersions({ versions }: { versions: ListingVersion[] }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {versions.map((version) => (
        <Card
          key={version.id}
          variant="outlined"
          sx={{ flex: 1 }}
          component="section"
          aria-label={`${version.kind === 'edit' ? 'Edit' : 'Listing'} #${version.id}`}
        >
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {version.kind === 'edit' ? 'Edit' : 'Listing'} #{version.id}
              </Typography>
              <Chip size="small" label={version.state} />
            </Stack>
            <Typography>{version.title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {price(version.price, version.currency)} · {version.year} · {version.mileage} mi ·
              changed {dateTime(version.updatedAt)}
            </Typography>
            {version.deniedMessage && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Denied: {version.deniedMessage}
              </Typography>
            )}
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
              {version.description}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {version.photos.map((src, index) => (
                <img
                  key={src}
                  src={src}
                  alt={`Photo ${index + 1} of #${version.id}`}
                  width={120}
                  height={90}
                  style={{ objectFit: 'cover', borderRadius: 4 }}
                />
              ))}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
