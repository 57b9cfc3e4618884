import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState, type ReactNode } from 'react';
import { Confirm, useDelete, type RaRecord } from 'react-admin';
import { messages } from '#shared/messages.ts';
import { useAdminAction } from './useAdminAction.tsx';

interface ConfirmedDelete<R> {
  /** The confirmation's title (default 'Are you sure?') and its question about the record. */
  title?: string;
  question: (record: R) => string;
  /** The confirm button's label ('Remove', 'Deactivate'). */
  confirm: string;
  /** The spec's progress and success texts; what follows a success. */
  progress: string;
  success: string;
  then?: () => void;
}

/**
 * Deleting a row of `resource` after a confirmation, as an admin action (progress dialog, success
 * notification or failure dialog). `ask(record)` opens the confirmation (`column` is a table's
 * Remove column that does); render `dialogs` once.
 */
export function useConfirmedDelete<R extends RaRecord>(
  resource: string,
  {
    title = messages.common.areYouSure,
    question,
    confirm,
    progress,
    success,
    then,
  }: ConfirmedDelete<R>,
) {
  const [pending, setPending] = useState<R | null>(null);
  const [remove] = useDelete<R>();
  const { perform, dialogs: actionDialogs, busy } = useAdminAction();

  function confirmed() {
    const record = pending;
    setPending(null);
    if (!record) return;
    void perform({
      progress,
      run: () => remove(resource, { id: record.id, previousData: record }, { returnPromise: true }),
      success,
      then,
    });
  }

  const dialogs: ReactNode = (
    <>
      <Confirm
        isOpen={pending !== null}
        title={title}
        content={pending ? question(pending) : ''}
        confirm={confirm}
        onConfirm={confirmed}
        onClose={() => setPending(null)}
      />
      {actionDialogs}
    </>
  );
  /** A table's Remove column: a button per row, named by `label`, that asks before removing. */
  const column = (label: (row: R) => string): GridColDef<R> => ({
    field: 'remove',
    headerName: 'Remove',
    width: 120,
    sortable: false,
    renderCell: ({ row }) => (
      <Button
        color="error"
        size="small"
        disabled={busy}
        aria-label={`Remove ${label(row)}`}
        onClick={(event) => {
          // The row's own click (opening it) is not what the button asks for.
          event.stopPropagation();
          setPending(row);
        }}
      >
        Remove
      </Button>
    ),
  });
  return { ask: setPending, column, dialogs, busy };
}
