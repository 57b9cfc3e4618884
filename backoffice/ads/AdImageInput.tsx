import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, Stack } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useInput } from 'react-admin';
import { adImageSrc, withoutDataPrefix } from './adFields.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

/**
 * The ad's image: the current one (its URL) or a newly chosen file, kept in the form as base64
 * without the data URL prefix, as the API takes it. The server checks and re-encodes it.
 */
export function AdImageInput({ source = 'image' }: { source?: string }) {
  const { field, fieldState } = useInput({ source });
  const src = adImageSrc(typeof field.value === 'string' ? field.value : null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) field.onChange(withoutDataPrefix(await readAsDataUrl(file)));
  }

  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {src && (
        <Box
          component="img"
          src={src}
          alt="Ad image"
          sx={{
            width: '100%',
            maxWidth: 320,
            aspectRatio: '4 / 3',
            objectFit: 'cover',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      )}
      <Box>
        <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
          {src ? 'Change image' : 'Choose image'}
          <input hidden type="file" accept={ACCEPT} onChange={(e) => void choose(e)} />
        </Button>
      </Box>
      {fieldState.error?.message && (
        <FormHelperText error>{fieldState.error.message}</FormHelperText>
      )}
    </Stack>
  );
}
