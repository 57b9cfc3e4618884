import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useCreate } from 'react-admin';
import type { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { addModelSchema, type Named, type modelSchema } from '#shared/schemas/catalog.ts';
import { firstMessage } from '#shared/schemas/zod.ts';
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
  const titleId = useId();
  const [brandId, setBrandId] = useState<number | null>(makeId);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create] = useCreate<Model>();
  const { perform, dialogs, busy } = useAdminAction();

  function submit(event: FormEvent) {
    event.preventDefault();
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
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          onEnter: () => setBrandId(makeId),
          onExited: () => {
            setName('');
            setProblem(null);
          },
        },
      }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Add model</DialogTitle>
        <DialogContent>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Add
          </Button>
        </DialogActions>
      </form>
      {dialogs}
    </Dialog>
  );
}
