import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { Form, NumberInput, useCreate } from 'react-admin';
import type { z } from 'zod';
import type { voucherSchema } from '#shared/schemas/payment.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';
import { texts } from '../texts.ts';

export type Voucher = z.infer<typeof voucherSchema>;

/**
 * A new voucher: its credits and how many days it stays active (the server makes the code).
 * The spec shows no client rules here; the server's answer shows in the failure dialog.
 */
export function VoucherCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [create] = useCreate();
  const { perform, dialogs, busy } = useAdminAction();

  const save = (values: Record<string, unknown>) =>
    perform({
      progress: texts.progress.addingVoucher,
      run: () =>
        create(
          'vouchers',
          { data: { credits: values.credits, daysActive: values.daysActive } },
          { returnPromise: true },
        ),
      success: texts.success.voucherCreated,
      then: onClose,
    });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      {open && (
        <Form
          record={{ credits: null, daysActive: 30 }}
          onSubmit={(values: Record<string, unknown>) => void save(values)}
        >
          <DialogTitle id={titleId}>Create voucher</DialogTitle>
          <DialogContent>
            <NumberInput source="credits" label="Credits" step={1} min={1} />
            <NumberInput source="daysActive" label="Days active" step={1} min={1} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Create
            </Button>
          </DialogActions>
        </Form>
      )}
      {dialogs}
    </Dialog>
  );
}
