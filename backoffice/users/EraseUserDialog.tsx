import { TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRedirect, type Identifier } from 'react-admin';
import { adminErasureSchema, privacyMessages } from '#shared/schemas/privacy.ts';
import { FormDialog } from '../common/FormDialog.tsx';
import { usePanelPath } from '../common/panelPaths.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';
import type { AdminDataProvider } from '../dataProvider.ts';

/**
 * Erases an account on its owner's written request: the reason names the request (the audit
 * log keeps it); the account is then erased as its owner's own deletion would erase it.
 */
export function EraseUserDialog({
  id,
  open,
  onClose,
}: {
  id: Identifier;
  open: boolean;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const redirect = useRedirect();
  const panel = usePanelPath();
  const { perform, dialogs, busy } = useAdminAction();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit() {
    const parsed = adminErasureSchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? privacyMessages.erasureReasonShort);
      return;
    }
    setProblem(null);
    void perform({
      progress: 'Erasing account...',
      run: () => dataProvider.eraseUser(id, parsed.data.reason),
      success: privacyMessages.accountErased,
      then: () => {
        onClose();
        redirect(panel('/users'));
      },
    });
  }

  return (
    <FormDialog
      open={open}
      title="Erase account"
      submitLabel="Erase"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      onExited={() => {
        setReason('');
        setProblem(null);
      }}
      after={dialogs}
    >
      <TextField
        label="Written request"
        helperText={
          problem ??
          'Which request asked for the erasure (date, channel). Personal data is erased, listings withdrawn; this cannot be undone.'
        }
        error={problem !== null}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        required
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
