import { escapeHtml } from '../notifications/notify.ts';

export interface WelcomeMail {
  subject: string;
  text: string;
  html: string;
}

/** The e-mail that welcomes a new account and carries its confirmation link. */
export function welcomeMail(firstName: string, link: string): WelcomeMail {
  const intro =
    'Thank you for joining Spotted, the car marketplace of Malta. Please confirm your e-mail ' +
    'address: until you do, we send you no saved-search alerts and no e-mails about new messages.';
  const ending = 'The link works for 7 days. If you did not register, ignore this message.';
  return {
    subject: 'Welcome to Spotted: confirm your e-mail address',
    text: `Hello ${firstName},\n\n${intro}\n\nConfirm your address: ${link}\n\n${ending}\n\nSpotted\n`,
    html:
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">Confirm e-mail address</a></p>` +
      `<p>${escapeHtml(ending)}</p><p>Spotted</p>`,
  };
}
