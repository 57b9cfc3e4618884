import { useAddUndoableMutation, useNavigate, useNotify, useRefresh } from 'react-admin';
import { messages } from '#shared/messages.ts';
import { holdDecision, releaseDecision } from '../common/pendingDecisions.ts';
import { usePanelPath } from '../common/panelPaths.ts';
import { failureMessage, useAdminAction } from '../common/useAdminAction.tsx';

/** How long an approval or a suspension can be undone before the server hears of it. */
export const UNDO_MS = 60_000;

/**
 * A moderation decision: the spec's progress text, the call, the success notification, fresh
 * lists, and back to the panel root (/admin), where every decision ends.
 */
export function useDecision() {
  const { perform, dialogs, busy } = useAdminAction();
  const navigate = useNavigate();
  const notify = useNotify();
  const panel = usePanelPath();
  const refresh = useRefresh();
  const addUndoable = useAddUndoableMutation();
  const decide = (progress: string, run: () => Promise<unknown>, success: string) =>
    perform({
      progress,
      run,
      success,
      then: () => {
        refresh();
        navigate(panel('/'));
      },
    });
  /**
   * A decision that can be undone for UNDO_MS, as react-admin's undoable mutations are: its
   * success shows at once with Undo, its item (`key`, see pendingDecisions) leaves the queues, and
   * the call runs when the notification closes (Undo puts the item back and calls nothing).
   */
  const decideUndoably = (key: string, run: () => Promise<unknown>, success: string) => {
    holdDecision(key);
    addUndoable(({ isUndo }) => {
      if (isUndo) {
        releaseDecision(key);
        return;
      }
      run().then(
        () => {
          releaseDecision(key);
          refresh();
        },
        (error: unknown) => {
          releaseDecision(key);
          notify(failureMessage(error), { type: 'error' });
        },
      );
    });
    notify(success, { type: 'success', undoable: true, autoHideDuration: UNDO_MS });
    navigate(panel('/'));
  };
  /**
   * ApproveOrDeny's handlers for one pending request or edit (`key`: its queue item), with the
   * spec's answers (an edit's approval says its changes were approved: the car was live already).
   * Approval can be undone for a minute; a denial asks for its reason first.
   */
  const approveOrDeny = (
    key: string,
    progress: { deny: string },
    approve: () => Promise<unknown>,
    deny: (reason: string) => Promise<unknown>,
    approved: string = messages.moderation.approved,
  ) => ({
    onApprove: () => decideUndoably(key, approve, approved),
    onDeny: (reason: string) =>
      void decide(progress.deny, () => deny(reason), messages.moderation.denied),
  });
  return { decide, decideUndoably, approveOrDeny, dialogs, busy };
}
