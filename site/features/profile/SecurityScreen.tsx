import { AccountGate } from './AccountGate.tsx';
import { ChangePasswordPanel } from './ChangePasswordPanel.tsx';
import { DeleteAccountPanel } from './DeleteAccountPanel.tsx';
import { prompts } from './profile.ts';
import { useAccountUser } from './useAccountUser.ts';

export type SecurityPanel = 'change-password' | 'delete-account';

const titles: Record<SecurityPanel, string> = {
  'change-password': 'Change password',
  'delete-account': 'Delete account',
};

/** The one screen of /change-password and /delete-account: the matching panel on its own. */
export default function SecurityScreen({ panel }: { panel: SecurityPanel }) {
  const [state, setState] = useAccountUser();
  const unauthorized = () => setState({ status: 'unauthorized' });
  return (
    <div className="profile profile--single">
      <header className="profile-header">
        <a className="profile-back" href="/profile-information">
          <span aria-hidden="true">←</span> Profile information
        </a>
        <h1>{titles[panel]}</h1>
      </header>
      <AccountGate
        state={state}
        prompt={panel === 'change-password' ? prompts.changePassword : prompts.deleteAccount}
      >
        {(user) =>
          panel === 'change-password' ? (
            <ChangePasswordPanel email={user.email} titled={false} onUnauthorized={unauthorized} />
          ) : (
            <DeleteAccountPanel userId={user.id} titled={false} onUnauthorized={unauthorized} />
          )
        }
      </AccountGate>
    </div>
  );
}
