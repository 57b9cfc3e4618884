import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { messages } from '#shared/messages.ts';

/** A call in progress: a spinner and the spec's progress text ('Approving listing...'). */
export function ProgressDialog({ text }: { text: string | null }) {
  const id = useId();
  return (
    <Dialog open={text !== null} aria-labelledby={id} aria-busy="true">
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 240 }}>
          <CircularProgress size={28} />
          <Typography id={id}>{text}</Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The result dialog of the spec: 'Success' or 'Uh-oh...' with the message (a failure's message
 * is the server's, shown as-is).
 */
export function ResultDialog({
  ok,
  message,
  onClose,
}: {
  ok: boolean;
  message: string | null;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby={id} maxWidth="xs" fullWidth>
      <DialogTitle id={id}>{ok ? messages.common.success : messages.common.failure}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
