import { useNavigate, useRefresh } from 'react-admin';
import { messages } from '#shared/messages.ts';
import { usePanelPath } from '../common/panelPaths.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';

/**
 * A moderation decision: the spec's progress text, the call, the success notification, fresh
 * lists, and back to the panel root (/admin), where every decision ends.
 */
export function useDecision() {
  const { perform, dialogs, busy } = useAdminAction();
  const navigate = useNavigate();
  const panel = usePanelPath();
  const refresh = useRefresh();
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
   * ApproveOrDeny's handlers for one pending request or edit, with the spec's answers (an edit's
   * approval says its changes were approved: the car was live already).
   */
  const approveOrDeny = (
    progress: { approve: string; deny: string },
    approve: () => Promise<unknown>,
    deny: (reason: string) => Promise<unknown>,
    approved: string = messages.moderation.approved,
  ) => ({
    onApprove: () => void decide(progress.approve, approve, approved),
    onDeny: (reason: string) =>
      void decide(progress.deny, () => deny(reason), messages.moderation.denied),
  });
  return { decide, approveOrDeny, dialogs, busy };
}
