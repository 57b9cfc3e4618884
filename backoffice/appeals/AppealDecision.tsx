import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import { messages } from '#shared/messages.ts';
import { appealTexts, type AppealDetail, type AppealOutcome } from '#shared/schemas/appeal.ts';
import { readSession } from '#shared/session.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';
import type { AdminDataProvider } from '../dataProvider.ts';

const actions = { upheld: 'Uphold', reversed: 'Reverse' } as const;

/**
 * Uphold or Reverse, each asking for the reason the seller reads. The administrator who took the
 * decision is told that another must decide (the server refuses them too).
 */
export function AppealDecision({ appeal }: { appeal: AppealDetail }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const { perform, dialogs, busy } = useAdminAction();
  const [outcome, setOutcome] = useState<AppealOutcome | null>(null);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const own = appeal.decidedBy !== null && appeal.decidedBy === readSession()?.userId;

  const submit = (chosen: AppealOutcome) => {
    setOutcome(null);
    void perform({
      progress: messages.common.loading,
      run: () => dataProvider.decideAppeal(appeal.id, chosen, reason),
      success: appealTexts.decided[chosen],
      then: () => {
        setReason('');
        refresh();
      },
    });
  };

  return (
    <>
      {own && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You took this decision: another administrator decides the appeal.
        </Alert>
      )}
      <Stack direction="row" spacing={2}>
        {(['reversed', 'upheld'] as const).map((choice) => (
          <Button
            key={choice}
            variant={choice === 'reversed' ? 'contained' : 'outlined'}
            disabled={own || busy}
            onClick={() => setOutcome(choice)}
          >
            {actions[choice]}
          </Button>
        ))}
      </Stack>
      <Dialog
        open={outcome !== null}
        onClose={() => setOutcome(null)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>
          {outcome === 'reversed' ? 'Reverse the decision' : 'Uphold the decision'}
        </DialogTitle>
        <DialogContent>
          <TextField
            label="Reason the seller reads"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOutcome(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => outcome && submit(outcome)}>
            {outcome ? actions[outcome] : ''}
          </Button>
        </DialogActions>
      </Dialog>
      {dialogs}
    </>
  );
}
