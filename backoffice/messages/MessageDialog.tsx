import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useUpdate } from 'react-admin';
import { dateTime } from '#shared/format.ts';
import { messages } from '#shared/messages.ts';
import { contactReplySchema, REPLY_MAX, type ContactMessage } from '#shared/schemas/contact.ts';
import { firstMessage } from '#shared/schemas/zod.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{children}</Typography>
    </Box>
  );
}

/**
 * A contact message: its text, email and phone (when given), and the reply. An unanswered
 * message takes a reply ('Reply message is empty' when there is none); an answered one shows it.
 */
export function MessageDialog({
  message,
  onClose,
}: {
  message: ContactMessage | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const [reply, setReply] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [update] = useUpdate<ContactMessage>();
  const { perform, dialogs, busy } = useAdminAction();
  const answered = message?.replyMessage != null;

  function send() {
    if (!message) return;
    const parsed = contactReplySchema.safeParse({
      messageId: message.id,
      messageEmail: message.email,
      text: reply,
    });
    if (!parsed.success) return setProblem(firstMessage(parsed.error));
    setProblem(null);
    void perform({
      progress: messages.admin.sendingReply,
      run: () =>
        update(
          'messages',
          {
            id: message.id,
            data: { replyMessage: parsed.data.text, email: message.email },
            previousData: message,
          },
          { returnPromise: true },
        ),
      success: messages.admin.replied,
      then: onClose,
    });
  }

  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            setReply('');
            setProblem(null);
          },
        },
      }}
    >
      <DialogTitle id={titleId}>Message from {message?.email}</DialogTitle>
      {message && (
        <DialogContent dividers>
          <Stack spacing={2}>
            <Detail label="Message">{message.text}</Detail>
            <Detail label="Email">{message.email}</Detail>
            {message.phone.trim() && <Detail label="Phone">{message.phone}</Detail>}
            <Detail label="Sent">{dateTime(message.createdAt)}</Detail>
            {answered ? (
              <TextField
                label="Reply"
                value={message.replyMessage ?? ''}
                multiline
                minRows={4}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
                helperText={message.repliedAt ? `Replied ${dateTime(message.repliedAt)}` : ''}
              />
            ) : (
              <TextField
                label="Reply"
                value={reply}
                onChange={(event) => setReply(event.target.value)}
                multiline
                minRows={4}
                fullWidth
                autoFocus
                error={problem !== null}
                helperText={problem ?? ' '}
                slotProps={{ htmlInput: { maxLength: REPLY_MAX } }}
              />
            )}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{answered ? 'Close' : 'Cancel'}</Button>
        {!answered && (
          <Button variant="contained" onClick={send} disabled={busy}>
            Send reply
          </Button>
        )}
      </DialogActions>
      {dialogs}
    </Dialog>
  );
}
