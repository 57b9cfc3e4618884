import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useCreate } from 'react-admin';
import type { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { addModelSchema, type Named, type modelSchema } from '#shared/schemas/catalog.ts';
import { firstMessage } from '#shared/schemas/zod.ts';
import { FormDialog } from '../common/FormDialog.tsx';
import { useAdminAction } from '../common/useAdminAction.tsx';
import { texts } from '../texts.ts';
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
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create] = useCreate<Model>();
  const { perform, dialogs, busy } = useAdminAction();

  function submit() {
    const parsed = addModelSchema.safeParse({ brandId: brandId ?? 0, name });
    if (!parsed.success) return setProblem(firstMessage(parsed.error));
    setProblem(null);
    void perform({
      progress: texts.progress.addingModel,
      run: () => create('models', { data: parsed.data }, { returnPromise: true }),
      success: messages.admin.modelInserted,
      then: onClose,
    });
  }

  return (
    <FormDialog
      open={open}
      title="Add model"
      submitLabel="Add"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      onEnter={() => setBrandId(makeId)}
      onExited={() => {
        setName('');
        setProblem(null);
      }}
      after={dialogs}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <MakeAutocomplete makes={makes} value={brandId} onChange={setBrandId} />
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem !== null}
          helperText={problem ?? ' '}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
