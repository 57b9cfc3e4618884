import { Box } from '@mui/material';
import { NumberInput, TextInput } from 'react-admin';
import { limits } from '#shared/limits.ts';
import { AD_DAYS_MAX, AD_DAYS_MIN } from '#shared/schemas/ad.ts';
import { AdImageInput } from './AdImageInput.tsx';

const pairSx = {
  display: 'grid',
  columnGap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** The fields of an ad, shared by the create and edit dialogs. */
export const AdInputs = () => (
  <>
    <TextInput source="title" label="Title" />
    <TextInput
      source="description"
      label="Description"
      multiline
      minRows={3}
      helperText={`At most ${limits.adDescriptionMax} characters`}
      slotProps={{ htmlInput: { maxLength: limits.adDescriptionMax } }}
    />
    <TextInput source="url" label="Url" type="url" />
    <Box sx={pairSx}>
      <TextInput source="client" label="Client" />
      <TextInput source="location" label="Location (city)" />
    </Box>
    <NumberInput source="daysActive" label="Days active" min={AD_DAYS_MIN} max={AD_DAYS_MAX} />
    <AdImageInput />
  </>
);
