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
import type { ReasonKind, ReasonTemplate } from '#shared/schemas/trust.ts';
import { texts } from '../texts.ts';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** Which kept reasons it offers: denial or suspension ones. */
  kind: ReasonKind;
  onClose: () => void;
  /**
   * Called with the reason as entered (the spec shows no required check; the server requires one
   * for a denial, and a suspension goes without).
   */
  onSubmit: (reason: string) => void;
}

const wording = {
  deny: { action: 'Deny', label: 'Reason for denial', placeholder: texts.review.denyPlaceholder },
  suspend: {
    action: 'Suspend',
    label: 'Reason for suspension',
    placeholder: texts.review.suspendPlaceholder,
  },
} as const;

/**
 * The deny and suspend dialogs: a reason text area the owner will see, as entered. The kept
 * reasons of that kind (Reason templates) fill it in with a click; it stays free to edit.
 */
export function ReasonDialog({ open, title, kind, onClose, onSubmit }: ReasonDialogProps) {
  const words = wording[kind];
  const [reason, setReason] = useState('');
  const titleId = useId();
  // The kept reasons arrive after the dialog opens and push its buttons down: the action waits
  // for them, so that a click is never lost to a button that moved.
  const { data: templates, isPending } = useGetList<ReasonTemplate>(
    'reason-templates',
    { filter: { kind }, pagination: { page: 1, perPage: 100 } },
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
          placeholder={words.placeholder}
          slotProps={{ htmlInput: { 'aria-label': words.label, maxLength: 1000 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          disabled={isPending}
          onClick={() => onSubmit(reason)}
        >
          {words.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
