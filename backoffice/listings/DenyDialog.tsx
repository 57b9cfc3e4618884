import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { texts } from '../texts.ts';

interface DenyDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Called with the reason as entered (the spec shows no required check; the server has one). */
  onDeny: (reason: string) => void;
}

/** The deny dialog: a reason text area the owner will see. */
export function DenyDialog({ open, title, onClose, onDeny }: DenyDialogProps) {
  const [reason, setReason] = useState('');
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setReason('') } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={4}
          fullWidth
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder={texts.review.denyPlaceholder}
          slotProps={{ htmlInput: { 'aria-label': 'Reason for denial', maxLength: 1000 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="error" onClick={() => onDeny(reason)}>
          Deny
        </Button>
      </DialogActions>
    </Dialog>
  );
}
