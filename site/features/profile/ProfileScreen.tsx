import type { Named } from '#shared/schemas/catalog.ts';
import { AccountGate } from './AccountGate.tsx';
import { ChangePasswordPanel } from './ChangePasswordPanel.tsx';
import { DeleteAccountPanel } from './DeleteAccountPanel.tsx';
import { DownloadDataPanel } from './DownloadDataPanel.tsx';
import { EmailConfirmationNotice } from './EmailConfirmationNotice.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { TwoFactorPanel } from './TwoFactorPanel.tsx';
import { prompts } from './profile.ts';
import { useAccountUser } from './useAccountUser.ts';

interface Props {
  cities: Named[];
  phonePrefix: string;
}

/**
 * Profile information: the edit form with the Change password and Delete account panels beside it
 * on desktop; on mobile the two panels are their own routes, reached by the links under the form.
 * Two-factor login and the download of one's data have their panels under them on every screen
 * size.
 */
export default function ProfileScreen({ cities, phonePrefix }: Props) {
  const [state, setState] = useAccountUser();
  const unauthorized = () => setState({ status: 'unauthorized' });
  return (
    <div className="profile">
      <header className="profile-header">
        <h1>Profile information</h1>
        <p>Buyers see your name, phone numbers and city on your listings.</p>
      </header>
      <AccountGate state={state} prompt={prompts.profile}>
        {(user) => (
          <>
            {!user.emailConfirmedAt && <EmailConfirmationNotice onUnauthorized={unauthorized} />}
            <ProfileForm
              user={user}
              cities={cities}
              phonePrefix={phonePrefix}
              onSaved={(saved) => setState({ status: 'ready', user: saved })}
              onUnauthorized={unauthorized}
            />
            <div className="profile-panels">
              <ChangePasswordPanel email={user.email} titled onUnauthorized={unauthorized} />
              <DeleteAccountPanel userId={user.id} titled onUnauthorized={unauthorized} />
            </div>
            <TwoFactorPanel onUnauthorized={unauthorized} />
            <DownloadDataPanel onUnauthorized={unauthorized} />
            <nav className="panel profile-links" aria-label="Password and account">
              <a href="/change-password">Change password</a>
              <a href="/delete-account">Delete account</a>
            </nav>
          </>
        )}
      </AccountGate>
    </div>
  );
}
