import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, Stack } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { useInput } from 'react-admin';
import { AD_IMAGE_FRAME } from '#shared/limits.ts';
import { adImageFit, adImageHint, adImageSrc, withoutDataPrefix } from './adFields.ts';

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
 * without the data URL prefix, as the API takes it. The server checks and re-encodes it. The
 * preview is the site's ad frame, and its shape is named, so the admin sees what visitors will.
 */
export function AdImageInput({ source = 'image' }: { source?: string }) {
  const { field, fieldState } = useInput({ source });
  const src = adImageSrc(typeof field.value === 'string' ? field.value : null);
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  const fit = size && size.src === src ? adImageFit(size.width, size.height) : null;

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
          onLoad={(event) => {
            const img = event.currentTarget as HTMLImageElement;
            setSize({ src, width: img.naturalWidth, height: img.naturalHeight });
          }}
          sx={{
            width: '100%',
            maxWidth: 320,
            aspectRatio: `${AD_IMAGE_FRAME.width} / ${AD_IMAGE_FRAME.height}`,
            objectFit: 'contain',
            bgcolor: 'grey.100',
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
      <FormHelperText>{adImageHint}</FormHelperText>
      {fit && <FormHelperText>{fit}</FormHelperText>}
      {fieldState.error?.message && (
        <FormHelperText error>{fieldState.error.message}</FormHelperText>
      )}
    </Stack>
  );
}
