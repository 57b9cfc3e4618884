import { TextField } from '@mui/material';
import { messages } from '#shared/messages.ts';
import { addMakeSchema } from '#shared/schemas/catalog.ts';
import { FormDialog } from '../common/FormDialog.tsx';
import { texts } from '../texts.ts';
import { useNamedCreate } from './useNamedCreate.ts';

/** A new make by name ('Please enter name' when there is none). */
export function MakeCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { name, nameField, submit, reset, busy, dialogs } = useNamedCreate({
    resource: 'makes',
    schema: addMakeSchema,
    progress: texts.progress.addingMake,
    success: messages.admin.makeInserted,
    onClose,
  });

  return (
    <FormDialog
      open={open}
      title="Add make"
      submitLabel="Add"
      busy={busy}
      onClose={onClose}
      onSubmit={() => submit({ name })}
      onExited={reset}
      after={dialogs}
    >
      <TextField {...nameField} autoFocus margin="dense" />
    </FormDialog>
  );
}
