import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { addModelSchema, type Named, type modelSchema } from '#shared/schemas/catalog.ts';
import { FormDialog } from '../common/FormDialog.tsx';
import { texts } from '../texts.ts';
import { useNamedCreate } from '../makes/useNamedCreate.ts';
import { MakeAutocomplete } from './MakeAutocomplete.tsx';

export type Model = z.infer<typeof modelSchema>;

/**
 * A new model of a make, the make chosen on the screen preselected ('Please enter name and
 * choose make' unless both are given).
 */
export function ModelCreateDialog({
  open,
  makes,
  makeId,
  onClose,
}: {
  open: boolean;
  makes: Named[];
  makeId: number | null;
  onClose: () => void;
}) {
  const [brandId, setBrandId] = useState<number | null>(makeId);
  const { name, nameField, submit, reset, busy, dialogs } = useNamedCreate({
    resource: 'models',
    schema: addModelSchema,
    progress: texts.progress.addingModel,
    success: messages.admin.modelInserted,
    onClose,
  });

  return (
    <FormDialog
      open={open}
      title="Add model"
      submitLabel="Add"
      busy={busy}
      onClose={onClose}
      onSubmit={() => submit({ brandId: brandId ?? 0, name })}
      onEnter={() => setBrandId(makeId)}
      onExited={reset}
      after={dialogs}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <MakeAutocomplete makes={makes} value={brandId} onChange={setBrandId} />
        <TextField {...nameField} />
      </Stack>
    </FormDialog>
  );
}
