import { TextField } from '@mui/material';
import { useState } from 'react';
import { useCreate } from 'react-admin';
import { messages } from '#shared/messages.ts';
import { addMakeSchema, type Named } from '#shared/schemas/catalog.ts';
import { firstMessage } from '#shared/schemas/zod.ts';
import { FormDialog } from '../common/FormDialog.tsx';
import { useAdminAction } from '../common/useAdminAction.tsx';
import { texts } from '../texts.ts';

/** A new make by name ('Please enter name' when there is none). */
export function MakeCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create] = useCreate<Named>();
  const { perform, dialogs, busy } = useAdminAction();

  function submit() {
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
    <FormDialog
      open={open}
      title="Add make"
      submitLabel="Add"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      onExited={() => {
        setName('');
        setProblem(null);
      }}
      after={dialogs}
    >
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
    </FormDialog>
  );
}
