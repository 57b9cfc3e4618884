import type { ReactNode } from 'react';
import type { Session } from '#shared/schemas/auth.ts';
import { useMobile, useSession, type Load } from './hooks.ts';

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

interface AccountScreenProps {
  title: string;
  /** The screen's progress text, while the session and the screen width are not known yet. */
  loading: string;
  /** The screen's prompt when logged out. */
  loginPrompt: string;
  /** The screen itself, for a logged-in user on a phone (mobile) or a wider screen. */
  children: (session: Session, mobile: boolean) => ReactNode;
}

/** An account screen's entry: its loading line, its login prompt when logged out, else itself. */
export function AccountScreen({ title, loading, loginPrompt, children }: AccountScreenProps) {
  const session = useSession();
  const mobile = useMobile();
  if (session && mobile !== undefined) return children(session, mobile);
  return (
    <>
      <SectionHeader title={title} />
      {session === null ? <LoginPrompt message={loginPrompt} /> : <Loading message={loading} />}
    </>
  );
}

interface DetailRouteProps<T> {
  /** The list's address and title: the way back. */
  back: { href: string; title: string };
  title: string;
  load: Load<T | null>;
  texts: { loading: string; loginPrompt: string; emptyTitle: string; emptyText: string };
  /** The record, once loaded. */
  children: (data: T) => ReactNode;
}

/** One record's own route on a phone: the way back to its list, its title, its load's states. */
export function DetailRoute<T>({ back, title, load, texts, children }: DetailRouteProps<T>) {
  return (
    <>
      <a className="back-link" href={back.href}>
        <span aria-hidden="true">‹</span> {back.title}
      </a>
      <SectionHeader title={title} />
      {load.state === 'loading' && <Loading message={texts.loading} />}
      {load.state === 'unauthorized' && <LoginPrompt message={texts.loginPrompt} />}
      {load.state === 'ready' &&
        (load.data ? (
          children(load.data)
        ) : (
          <EmptyState title={texts.emptyTitle} text={texts.emptyText} />
        ))}
    </>
  );
}
