import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useCreate } from 'react-admin';
import { messages } from '#shared/messages.ts';
import { addMakeSchema, type Named } from '#shared/schemas/catalog.ts';
import { firstMessage } from '#shared/schemas/zod.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';
import { texts } from '../texts.ts';

/** A new make by name ('Please enter name' when there is none). */
export function MakeCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create] = useCreate<Named>();
  const { perform, dialogs, busy } = useAdminAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = addMakeSchema.safeParse({ name });
    if (!parsed.success) return setProblem(firstMessage(parsed.error));
    setProblem(null);
    void perform({
      progress: texts.progress.addingMake,
      run: () => create('makes', { data: parsed.data }, { returnPromise: true }),
      success: messages.admin.makeInserted,
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
          onExited: () => {
            setName('');
            setProblem(null);
          },
        },
      }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Add make</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={problem !== null}
            helperText={problem ?? ' '}
            autoFocus
            fullWidth
            margin="dense"
          />
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
