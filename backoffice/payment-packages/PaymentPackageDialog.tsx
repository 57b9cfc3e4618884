import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { Form, useCreate, useUpdate } from 'react-admin';
import type { PaymentPackage } from '#shared/schemas/payment.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';
import { texts } from '../texts.ts';
import { PaymentPackageInputs } from './PaymentPackageInputs.tsx';

export type PackageDraft = Pick<PaymentPackage, 'typeId'> & Partial<PaymentPackage>;

/** Create (a draft without id) or edit a credit package in a dialog; closes when saved. */
export function PaymentPackageDialog({
  record,
  onClose,
}: {
  record: PackageDraft | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const [create] = useCreate();
  const [update] = useUpdate();
  const { perform, dialogs, busy } = useAdminAction();
  const editing = record?.id !== undefined;

  const save = (values: Record<string, unknown>) =>
    record?.id !== undefined
      ? perform({
          progress: texts.progress.updatingPackage,
          run: () =>
            update(
              'payment-packages',
              { id: record.id, data: values, previousData: record },
              { returnPromise: true },
            ),
          success: texts.success.packageUpdated,
          then: onClose,
        })
      : perform({
          progress: texts.progress.creatingPackage,
          run: () => create('payment-packages', { data: values }, { returnPromise: true }),
          success: texts.success.packageCreated,
          then: onClose,
        });

  return (
    <Dialog open={record !== null} onClose={onClose} aria-labelledby={titleId} fullWidth>
      {record && (
        <Form
          key={record.id ?? 'new'}
          record={record}
          onSubmit={(values: Record<string, unknown>) => void save(values)}
        >
          <DialogTitle id={titleId}>{editing ? 'Edit package' : 'Create package'}</DialogTitle>
          <DialogContent>
            <PaymentPackageInputs />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {editing ? 'Save' : 'Create'}
            </Button>
          </DialogActions>
        </Form>
      )}
      {dialogs}
    </Dialog>
  );
}
