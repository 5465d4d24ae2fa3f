import { DOWNLOAD_ENTRIES, NAV_TREE, type NavItem } from '@recon/contract';

/** Navigation labels come from the contract's tree, keyed by full path ("/settings/audit-logs"). */
function navLabels(): Record<string, string> {
  const labels: Record<string, string> = {};
  const walk = (items: readonly NavItem[], base: string) => {
    for (const item of items) {
      const fullPath = `${base}/${item.path}`;
      labels[fullPath] = item.label;
      if (item.children) walk(item.children, fullPath);
    }
  };
  for (const section of NAV_TREE) {
    labels[section.basePath] = section.label;
    walk(section.items, section.basePath);
  }
  walk(DOWNLOAD_ENTRIES, '/downloads');
  return labels;
}

/**
 * The texts of the first load (sign-in, module choice, the shell) in English. The areas' texts are in
 * `en-areas.ts`, loaded with the signed-in frame (`loadAreaTexts`), so /login does not carry them.
 * Keys never contain the path separator used for nav keys.
 */
export const en = {
  common: {
    noData: 'No Data available',
    noValuesFound: 'No Values Found',
    chooseValue: 'Please Choose Value',
    genericError: 'Some Error Occured!',
    renderFailure: 'Sorry.. there was an error.',
    loading: 'Loading',
    loadFailed: 'This data could not be loaded.',
    retry: 'Retry',
    reload: 'Reload',
    cancel: 'Cancel',
    save: 'Save',
    delete: 'Delete',
    edit: 'Edit',
    search: 'Search',
    reset: 'Reset',
    yes: 'Yes',
    no: 'No',
    backHome: 'Back Home',
    notFoundTitle: '404',
    notFound: 'Sorry, the page you visited does not exist.',
    unauthorizedTitle: '403',
    unauthorized: 'Sorry, you are not authorized to access this page.',
    pageRange: '{{from}}-{{to}} of {{total}} items',
    release: 'Release {{label}}',
    actions: 'Actions',
    status: 'Status',
    columns: 'Columns',
    columnsShown: '{{shown}} of {{total}} shown',
  },
  auth: {
    userName: 'User Name',
    password: 'Password',
    userNameRequired: 'User Name is required',
    passwordRequired: 'Password is required',
    backToLogin: 'Back to Login',
    loginButton: 'Login',
    mobile: 'Mobile Number',
    mobileInvalid: 'Enter a valid mobile number',
    otp: 'Verification Code',
    otpInvalid: 'OTP must be 6 digits',
    sendCode: 'Send Code',
    resendCode: 'Resend Code',
    resendIn: 'Resend code in {{seconds}} s',
    codeSentTo: 'Enter the 6-digit code sent to {{number}}',
    codeSentToRegistered: 'Enter the 6-digit code sent to your registered mobile number',
    login: {
      title: 'Sign in',
      subtitle: 'Use your {{brand}} account',
      submit: 'Login',
      submitLdap: 'Login with Directory',
      useLdap: 'Use directory (LDAP) sign-in',
      usePassword: 'Use password sign-in',
      forgot: 'Forgot Password?',
      noMethod: 'Sign-in is not available right now. Please contact your administrator.',
    },
    verify: {
      title: 'Verify your sign-in',
      mobileTitle: 'Add your mobile number',
      mobileHelp: 'Your account has no mobile number yet. Enter one to receive your verification code.',
      submit: 'Verify',
      expiresIn: 'Code expires in {{time}}',
      expired: 'The code has expired. Request a new one.',
    },
    forgot: {
      title: 'Forgot Password',
      help: 'Enter your user name. If an account exists, a link to reset your password is sent to its email address.',
      submit: 'Send Reset Link',
      sentTitle: 'Check your email',
    },
    reset: {
      title: 'Reset Password',
      invalidLink: 'Reset link is invalid or has expired',
      requestNew: 'Request a new link',
      newPassword: 'New Password',
      confirmPassword: 'Confirm Password',
      confirmRequired: 'Confirm Password is required',
      mismatch: 'Passwords do not match',
      // Same text as the contract's PASSWORD_POLICY_TEXT (en.test.ts keeps them equal).
      policy:
        'Password must be 8 to 64 characters with an uppercase letter, a lowercase letter, a digit and a special character',
      codeTitle: 'Verification code',
      codeHelp: 'If your organisation requires a code, send one to your mobile number and enter it here.',
      mobileHelp: 'Your account has no mobile number yet. Enter one to receive the code.',
      submit: 'Reset Password',
      doneTitle: 'Password changed',
    },
    // The contract's UNASSIGNED_TEXTS, word for word (en.test.ts keeps them equal). Copied rather than
    // imported: importing them would bring every schema and zod into the first load.
    unassigned: {
      notAssigned: 'Your role and module has not been assigned yet',
      reachOut: 'Please reach out to your administrator',
      raisedForApproval: 'A request to assign a module has been raised to your department admin.',
      rejected: 'Your user creation request is rejected. Please contact your department admin and raise a new request.',
      noModule: 'You have not been assigned any module! Ask administrator to assign some module to you!',
      selectProduct: 'Please select a product!',
      selectDepartment: 'Please select a department',
      departmentAssigned: 'Department assigned successfully',
      departmentFailed: 'Failed to assign department',
      samlRoleUnassigned: 'Please request your application admin to assign Role and Module.',
      title: 'Access pending',
      department: 'Department',
      editDepartment: 'Edit Department',
      sendForApproval: 'Send for Approval',
      currentDepartment: 'Department: {{name}}',
    },
    oauth: {
      done: 'Sign-in finished. You can close this window.',
      failed: 'Sign-in failed',
    },
  },
  modules: {
    nameRequired: 'Name is Required',
    usersRequired: 'Users are required',
    minOneUser: 'Minimum 1 User is required',
    created: 'Module successfully created',
    nameTaken: 'A module with this name already exists',
    name: 'Name',
    nameHint: 'Enter module name',
    users: 'Users',
    add: 'Add Module',
    nameTooLong: 'Name must be at most {{max}} characters',
    createTitle: 'Create New Module',
    title: 'Module Settings',
    description: 'Products (modules) users work in, their status and who is assigned to them.',
    statusLabel: 'Status',
    usersCount: 'Users',
    manageUsers: 'Manage Users',
    editTitle: 'Edit Module',
    updated: 'Module successfully updated',
    deleted: 'Module successfully deleted',
    deleteConfirmTitle: 'Delete module "{{name}}"?',
    deleteConfirmText: 'Its users lose access to it. This cannot be undone.',
    usersTitle: 'Users of {{name}}',
    addUsers: 'Add Users',
    removeUsers: 'Remove Selected',
    usersAdded: 'Users successfully added',
    usersRemoved: 'Users successfully removed',
    removeConfirmTitle: 'Remove {{count}} user(s) from this module?',
    inactiveUser: '{{name}} (inactive)',
    unknownUser: 'User #{{id}}',
    userColumn: 'User',
    emailColumn: 'Email',
    selectTitle: 'Select a product',
    approvalsTitle: 'Approvals',
    rollbacksNeedApproval: 'Rollbacks need approval',
    rollbacksNeedApprovalHelp: 'A rollback waits in My Jobs › Approvals until another user approves it.',
    bulkKnockOffNeedsApproval: 'Bulk knock-off needs approval',
    bulkKnockOffNeedsApprovalHelp:
      'A knock-off of more than one row waits in My Jobs › Approvals; one row stays direct.',
    approvalOn: 'Needs approval',
    approvalOff: 'Direct',
    statuses: {
      ACTIVE: 'Active',
      APPROVAL_PENDING: 'Approval Pending',
      APPROVAL_REJECTED: 'Approval Rejected',
      INACTIVE: 'Inactive',
    },
  },
  shell: {
    product: 'Product',
    createModule: 'Create New Module',
    downloads: 'Downloads',
    notifications: 'Notifications',
    lienRequests: 'Lien requests',
    viewAll: 'View All',
    settings: 'Settings',
    logout: 'Logout',
    collapse: 'Collapse sidebar',
    expand: 'Expand sidebar',
    userMenu: 'User menu',
  },
  nav: navLabels(),
};

export type Resources = typeof en & typeof import('./en-areas').enAreas;
