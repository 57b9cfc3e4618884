import { Button } from '@mui/material';
import { useState } from 'react';
import { ReasonDialog } from './ReasonDialog.tsx';

interface ApproveOrDenyProps {
  busy: boolean;
  /** The deny dialog's title ('Deny listing', 'Deny edit'). */
  denyTitle: string;
  onApprove: () => void;
  /** Called with the reason the administrator entered. */
  onDeny: (reason: string) => void;
}

/** A pending request's or edit's decisions: Approve, or Deny with a reason. */
export function ApproveOrDeny({ busy, denyTitle, onApprove, onDeny }: ApproveOrDenyProps) {
  const [denying, setDenying] = useState(false);
  return (
    <>
      <Button variant="contained" color="success" disabled={busy} onClick={onApprove}>
        Approve
      </Button>
      <Button variant="outlined" color="error" disabled={busy} onClick={() => setDenying(true)}>
        Deny
      </Button>
      <ReasonDialog
        open={denying}
        title={denyTitle}
        kind="deny"
        onClose={() => setDenying(false)}
        onSubmit={(reason) => {
          setDenying(false);
          onDeny(reason);
        }}
      />
    </>
  );
}
