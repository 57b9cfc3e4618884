import type { ReactNode } from 'react';

/** A list's loading line: the spec's progress text beside a loader, announced politely. */
export function Loading({ message }: { message: string }) {
  return (
    <div className="account-loading" role="status">
      <div className="loader" />
      <p>{message}</p>
    </div>
  );
}

/** The unauthorized state: the screen's prompt and a Log in button. */
export function LoginPrompt({ message }: { message: string }) {
  return (
    <div className="empty panel">
      <h2>{message}</h2>
      <a className="button" href="/login">
        Log in
      </a>
    </div>
  );
}

export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="empty panel">
      <h2>{title}</h2>
      <p>{text}</p>
    </div>
  );
}

/** The title row of an account section: heading and, beside it, the section's controls. */
export function SectionHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="account-header">
      <h1>{title}</h1>
      {children}
    </header>
  );
}
