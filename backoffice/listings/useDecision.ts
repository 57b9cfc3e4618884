import { useNavigate, useRefresh } from 'react-admin';
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
  return { decide, dialogs, busy };
}
