/**
 * The conversations' texts (not in the spec), defined once and shown as-is by every client; kept
 * apart from the zod schemas so the browser imports them without zod.
 */
export const conversationTexts = {
  enterMessage: 'Please write a message',
  messageTooLong: 'A message can have at most 2000 characters',
  enterReason: 'Please tell us what is wrong (at least 10 characters)',
  notFound: 'Conversation not found',
  ownListing: 'This is your own listing',
  blocked: 'You cannot write in this conversation any more',
  alreadyReported: 'You have already reported this conversation',
  reported: 'Thank you, our team will look at this conversation',
  tooMany: 'You are sending messages too quickly. Please try again later.',
  scamWarning:
    'Be careful: this message asks for payment up front or to continue outside Spotted. ' +
    'Never pay before seeing the car, and keep the conversation here.',
} as const;
