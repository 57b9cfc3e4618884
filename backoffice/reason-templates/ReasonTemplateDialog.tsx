import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useCreate } from 'react-admin';
import { groundLabels, type ModerationGround, type ReasonKind } from '#shared/schemas/trust.ts';
import { FormDialog } from '../common/FormDialog.tsx';
import { useAdminAction } from '../common/useAdminAction.tsx';

export const kindLabels: Record<ReasonKind, string> = {
  deny: 'Denial',
  suspend: 'Suspension',
};

/** A new kept reason: its kind, its ground and its text, sent to owners as written. */
export function ReasonTemplateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [kind, setKind] = useState<ReasonKind>('deny');
  const [text, setText] = useState('');
  const [ground, setGround] = useState<ModerationGround>('terms');
  const [create] = useCreate();
  const { perform, dialogs, busy } = useAdminAction();
  const save = () =>
    perform({
      progress: 'Saving the reason...',
      run: () =>
        create('reason-templates', { data: { kind, text, ground } }, { returnPromise: true }),
      success: 'Reason saved',
      then: onClose,
    });
  return (
    <FormDialog
      open={open}
      title="Add reason"
      submitLabel="Add"
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      onExited={() => (setKind('deny'), setText(''), setGround('terms'))}
      after={dialogs}
    >
      <TextField
        select
        label="Kind"
        value={kind}
        onChange={(e) => setKind(e.target.value as ReasonKind)}
        fullWidth
        sx={{ mt: 1 }}
      >
        {Object.entries(kindLabels).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Ground"
        value={ground}
        onChange={(e) => setGround(e.target.value as ModerationGround)}
        fullWidth
        sx={{ mt: 2 }}
      >
        {Object.entries(groundLabels).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Reason"
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}
