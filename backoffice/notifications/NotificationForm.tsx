import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Paper, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useCreate } from 'react-admin';
import { limits } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { notificationTitleMax, sendNotificationSchema } from '#shared/schemas/notification.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { useAdminAction } from '../common/useAdminAction.tsx';
import { texts } from '../texts.ts';

type Field = 'title' | 'message';

/**
 * A notification to every user (type 1, topic general; the data provider adds them): a title
 * and a message of at most 500 characters. Once sent, both fields are cleared.
 */
export function NotificationForm() {
  const [values, setValues] = useState<Record<Field, string>>({ title: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [create] = useCreate();
  const { perform, dialogs, busy } = useAdminAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sendNotificationSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'title' || field === 'message') found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    void perform({
      progress: texts.progress.communicating,
      run: () =>
        create(
          'notifications',
          { data: { title: parsed.data.title, message: parsed.data.message } },
          { returnPromise: true },
        ),
      success: messages.notifications.sent,
      then: () => setValues({ title: '', message: '' }),
    });
  }

  const change = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <Box sx={{ maxWidth: 720 }}>
      <SectionTitle title="Notifications" />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack component="form" spacing={2} noValidate onSubmit={submit}>
          <TextField
            label="Title"
            value={values.title}
            onChange={change('title')}
            error={Boolean(errors.title)}
            helperText={errors.title ?? ' '}
            slotProps={{ htmlInput: { maxLength: notificationTitleMax } }}
            fullWidth
          />
          <TextField
            label="Message"
            value={values.message}
            onChange={change('message')}
            multiline
            rows={10}
            error={Boolean(errors.message)}
            helperText={
              errors.message ?? `${values.message.length}/${limits.notificationMessageMax}`
            }
            slotProps={{ htmlInput: { maxLength: limits.notificationMessageMax } }}
            fullWidth
          />
          <Box>
            <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={busy}>
              Send
            </Button>
          </Box>
        </Stack>
      </Paper>
      {dialogs}
    </Box>
  );
}
