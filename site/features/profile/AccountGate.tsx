import type { ReactNode } from 'react';
import { messages } from '#shared/messages.ts';
import type { User } from '#shared/schemas/user.ts';
import type { AccountUser } from './useAccountUser.ts';
import './profile.css';

/** The log-in prompt of the unauthorized state: a message and a Log in button to /login. */
export function LoginPrompt({ message }: { message: string }) {
  return (
    <div className="panel empty profile-prompt">
      <h2>{message}</h2>
      <a className="button" href="/login">
        Log in
      </a>
    </div>
  );
}

/** Shows the loader, the log-in prompt or the failure until the user is loaded, then the screen. */
export function AccountGate({
  state,
  prompt,
  children,
}: {
  state: AccountUser;
  prompt: string;
  children: (user: User) => ReactNode;
}) {
  switch (state.status) {
    case 'loading':
      return (
        <div className="panel profile-status" role="status">
          <div className="loader" />
          <p>{messages.profile.gettingUser}</p>
        </div>
      );
    case 'unauthorized':
      return <LoginPrompt message={prompt} />;
    case 'failed':
      return (
        <div className="panel empty" role="alert">
          <p>{state.message}</p>
        </div>
      );
    case 'ready':
      return children(state.user);
  }
}
