import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type FormEvent, type ReactNode } from 'react';

interface FormDialogProps {
  open: boolean;
  title: string;
  /** The submit button's label ('Add', 'Save', ...). */
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** When the dialog opens (prefill) and once it has closed (reset the fields). */
  onEnter?: () => void;
  onExited?: () => void;
  /** The fields. */
  children: ReactNode;
  /** Rendered after the form: the action's progress and result dialogs. */
  after?: ReactNode;
}

/** A small form in a dialog: title, fields, Cancel and the submit button (Enter submits). */
export function FormDialog(props: FormDialogProps) {
  const { open, title, submitLabel, busy, onClose, onSubmit, onEnter, onExited } = props;
  const titleId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onEnter, onExited } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{props.children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
      {props.after}
    </Dialog>
  );
}
