import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useGetList } from 'react-admin';
import type { ReasonTemplate } from '#shared/schemas/trust.ts';
import { texts } from '../texts.ts';

interface DenyDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Called with the reason as entered (the spec shows no required check; the server has one). */
  onDeny: (reason: string) => void;
}

/**
 * The deny dialog: a reason text area the owner will see, as entered. The kept denial reasons
 * (Reason templates) fill it in with a click; it stays free to edit.
 */
export function DenyDialog({ open, title, onClose, onDeny }: DenyDialogProps) {
  const [reason, setReason] = useState('');
  const titleId = useId();
  const { data: templates } = useGetList<ReasonTemplate>(
    'reason-templates',
    { filter: { kind: 'deny' }, pagination: { page: 1, perPage: 100 } },
    { enabled: open },
  );
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
        {templates && templates.length > 0 && (
          <div role="group" aria-label="Kept reasons">
            {templates.map((template) => (
              <Chip
                key={template.id}
                label={template.text}
                onClick={() => setReason(template.text)}
                sx={{ mr: 1, mb: 1, maxWidth: '100%' }}
              />
            ))}
          </div>
        )}
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
