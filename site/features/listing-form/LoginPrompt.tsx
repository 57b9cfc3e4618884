import { messages } from '#shared/messages.ts';

/** What a visitor without a session (or whose session was refused) sees instead of the form. */
export function LoginPrompt({ adding, className }: { adding: boolean; className?: string }) {
  return (
    <section
      className={`panel lf-login${className ? ` ${className}` : ''}`}
      aria-labelledby="lf-login-title"
    >
      <h2 id="lf-login-title">
        {adding ? messages.listing.loginToAdd : messages.listing.loginToEdit}
      </h2>
      <p>
        {adding
          ? 'Log in to your Spotted account to list your car. Listing a car is free.'
          : 'Log in to the account that owns this listing to edit it.'}
      </p>
      <a className="button" href="/login">
        Log in
      </a>
    </section>
  );
}
