/**
 * Every text of the spec that the server or more than one client shows, copied verbatim
 * (with the four spelling fixes of DESIGN.md). Import from here; never type a spec text twice.
 */
export const messages = {
  common: {
    errorOccurred: 'An error occurred',
    errorHasOccurred: 'An error has occurred',
    success: 'Success',
    failure: 'Uh-oh...',
    loading: 'Loading...',
    areYouSure: 'Are you sure?',
  },
  notFound: {
    title: 'Page not spotted!',
    text: 'Ooops, we cannot spot the page you are looking for. Please check URL or try loading again later.',
  },
  login: {
    emailRequired: 'You have to enter email field',
    emailInvalid: 'Not valid email',
    passwordRequired: 'You have to enter password',
    passwordTooShort: 'Password too short',
    invalidCredentials: 'Invalid credentials',
    progress: 'Logging in...',
  },
  register: {
    emailRequired: 'Email field is required',
    emailInvalid: 'Not valid email',
    passwordRules:
      'Password must contain one upper case letter, one lowercase letter and one number',
    passwordLength: 'Password must contain at least 8 characters',
    passwordMismatch: 'Password and confirm password are different',
    firstNameRequired: 'First name is required field',
    lastNameRequired: 'Last name is required field',
    phoneRequired: 'Phone is required field',
    cityRequired: 'City is required field',
    logoRequired: 'Logo is required',
    companyNameRequired: 'Company name is required field',
    cNumberRequired: 'C number is required field',
    vatNumberRequired: 'VAT number is required field',
    success: 'Successfully registered',
    progress: 'Registering new user...',
  },
  forgotPassword: {
    codeInvalid: 'Code must be 6 digits',
    codeSent: 'Code sent to email',
  },
  profile: {
    updated: 'Updated user successfully',
    passwordChanged: 'Changed password successfully',
    accountDeleted: 'Deleted account successfully',
    deletePasswordInvalid: 'Password is not valid',
    updating: 'Updating user...',
    changingPassword: 'Changing password',
    deletingAccount: 'Deleting account...',
  },
  contact: {
    messageTooShort: 'Message too short',
    messageTooLong: 'Message too long',
    sent: 'Message sent successfully',
    sending: 'Sending message...',
  },
  voucher: {
    invalid: 'Voucher is not valid!',
    redeemed: 'Successfully redeemed code',
  },
  admin: {
    enterName: 'Please enter name',
    enterNameAndMake: 'Please enter name and choose make',
    replyEmpty: 'Reply message is empty',
    configurationUpdated: 'Successfully updated configuration',
    makeInserted: 'Make inserted',
    modelInserted: 'Model inserted',
  },
} as const;
