/**
 * The back-office's spec texts that shared/messages.ts does not hold (progress messages, empty
 * states, labels), copied verbatim. Texts the server or the site also show are imported from
 * there: `messages.moderation`, `messages.admin`, `messages.ads`, `messages.notifications`.
 */
export const texts = {
  progress: {
    loading: 'Loading...',
    loadingData: 'Loading data...',
    communicating: 'Communicating with server...',
    approvingListing: 'Approving listing...',
    denyingListing: 'Denying listing...',
    approvingEdit: 'Approving edit...',
    denyingEdit: 'Denying edit...',
    suspendingListing: 'Suspending listing...',
    dismissingReport: 'Dismissing report...',
    activatingListing: 'Activating listing...',
    updatingConfiguration: 'Updating configuration...',
    addingFeatured: 'Adding featured car...',
    creatingPackage: 'Creating package...',
    updatingPackage: 'Updating package...',
    removingPackage: 'Removing package...',
    addingVoucher: 'Adding voucher...',
    addingMake: 'Adding make...',
    addingModel: 'Adding model...',
  },
  success: {
    packageCreated: 'Payment package created',
    packageUpdated: 'Payment package updated',
    packageRemoved: 'Successfully removed package',
    voucherCreated: 'Voucher created',
    voucherDeactivated: 'Voucher deactivated',
  },
  empty: {
    approval: "There aren't any cars for approval",
    denied: "There aren't any denied cars",
    edited: "There aren't any edited cars",
    reported: "There aren't any reported cars",
    suspended: "There aren't any suspended cars",
    models: 'Please choose make to view models',
    transactions: 'No transactions found',
    subscriptions: 'No subscriptions found',
  },
  login: {
    title: 'Log in',
    email: 'Email',
    password: 'Password',
    forgotPassword: 'Forgot password?',
    submit: 'Login',
    register: "Don't have an account? Register now",
  },
  review: {
    denyPlaceholder: 'Enter a reason for denial',
    suspendPlaceholder: 'Enter a reason for suspension (optional)',
    seeAllPhotos: 'See all photos',
    notRegistered: 'Not registered',
  },
  featured: {
    /** The section's name (menu and title): the home page's 'Top Spotted', not the paid type. */
    title: 'Top Spotted',
    explanation:
      "The cars the home page shows under Top Spotted, chosen here. This is not the paid 'Featured' listing type.",
    add: 'Add top spotted car',
    addAsFeatured: 'Add as featured car',
    confirmRemove: 'Please confirm you want to remove listing from featured?',
  },
  userDetails: {
    title: 'User Details',
    currentBalance: 'Current balance',
    credits: (n: number) => `${n} credits`,
  },
} as const;
