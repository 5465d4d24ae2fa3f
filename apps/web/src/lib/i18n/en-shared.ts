import { DOWNLOAD_ENTRIES, NAV_TREE, type NavItem } from '@recon/contract/nav';

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
 * The texts every signed-in page may show, loaded with the signed-in frame (`loadSharedTexts`): the navigation
 * labels, what `ui/` and the shell show (downloads, a file's outcome, the back link) and the few keys more than one
 * area reads (an activity's type, the configuration pages' common words). An area's own texts come with its pages.
 */
export const enShared = {
  bell: {
    empty: 'No alerts yet',
    unread: '{{count}} unread',
    viewDetails: 'View Details',
  },
  fileOutcome: {
    skippedTitle: 'Skipped rows (not data, not invalid)',
    reasonsTitle: 'Why rows failed',
    firstRows: 'First {{count}} failing rows',
    rowNo: 'Row',
    reasons: 'Reasons',
  },
  opsConfig: {
    common: {
      create: 'Create',
      created: 'Successfully Created',
      updated: 'Successfully Updated',
      confirmTitle: 'Are you sure?',
      confirm: 'Confirm',
      back: 'Back',
      view: 'View',
      moveUp: 'Move up',
      moveDown: 'Move down',
      remove: 'Remove',
      searchLabel: 'Search',
      createdOn: 'Created On',
      updatedOn: 'Updated On',
      unsaved: 'Unsaved changes',
      leaveTitle: 'Leave without saving?',
      leave: 'Leave',
      stay: 'Stay',
    },
  },
  jobs: {
    activityTypes: {
      PIPE_LINE: 'Pipeline',
      RECON: 'Recon',
      GL_EXECUTION: 'GL Execution',
      REPORT_GROUP: 'Report Group',
      REPORT: 'Report',
      DATA_PRE_PROCESSING: 'Data Pre-processing',
      COMMISSION_CALCULATION: 'Commission Calculation',
      BULK_PROCESSOR: 'Bulk Processor',
      BOT: 'Bot',
      DATA_MIGRATION: 'Data Migration',
      FETCH_EXPORT_REPORT: 'Fetch Export Report',
      CREATE_EXPORT_REPORT: 'Create Export Report',
      EMAIL_FETCH: 'Email Fetch',
    },
  },
  downloads: {
    latest: 'Latest downloads',
    none: 'No downloads yet',
    pages: 'All downloads',
    submittedBadge: '{{count}} submitted',
    download: 'Download',
    downloadFile: 'Download {{name}}',
    refreshing: 'Updating every {{seconds}} s while an export runs',
    pageDescription:
      'Your exports in this product, newest first. A file is ready to download once its status is Ready.',
    fileName: 'File Name',
    format: 'Format',
    scope: 'Columns',
    rows: 'Rows',
    size: 'Size',
    status: 'Status',
    requestedOn: 'Requested On',
    action: 'Action',
    failedBecause: 'Failed: {{message}}',
    export: 'Export',
    exportTitle: 'Export this view',
    exportHint:
      'Every row of the view, with its filters and order, is written to a file. It is listed under Downloads when ready.',
    formatLabel: 'File format',
    scopeLabel: 'Columns',
    reportType: 'Kind',
    reportTypes: {
      TRANSACTIONS: 'Transactions',
      DASHLET: 'Dashlet',
      REPORT: 'Report',
      APPROVAL: 'Approvals',
      BRS_REPORT: 'BRS Report',
      GL_REPORT: 'GL Report',
    },
    scopes: {
      ALL_COLUMNS: 'All columns',
      CONFIGURED_COLUMNS: 'Configured columns',
      CUSTOM_COLUMNS: 'Choose columns',
    },
    scopeHints: {
      ALL_COLUMNS: 'Every column of the data source, then status and match id',
      CONFIGURED_COLUMNS: "The data source's active data elements, in their order",
      CUSTOM_COLUMNS: 'The columns you choose, in the order you choose them',
    },
    columnsLabel: 'Columns to export',
    columnsPlaceholder: 'Choose columns',
    columnsRequired: 'Choose at least one column',
    submit: 'Export',
    cancel: 'Cancel',
  },
  /** The user menu's password change. */
  account: {
    changePassword: 'Change password',
    changePasswordSubmit: 'Change password',
    currentPassword: 'Current Password',
    currentPasswordRequired: 'Current Password is required',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    confirmRequired: 'Confirm Password is required',
    mismatch: 'Passwords do not match',
    missing: 'Missing: {{list}}',
    authenticator: 'Authenticator app',
    /** The user's authenticator app as their second factor (decision 0028). */
    totp: {
      title: 'Authenticator app',
      mfaOff: 'Multi-factor authentication is off: sign-in asks for no code, so no authenticator app is needed.',
      intro:
        'Use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) instead of a text message: sign-in will ask for the 6-digit code it shows.',
      start: 'Set up authenticator app',
      scan: 'Scan this QR code with your authenticator app, then type the code it shows.',
      qrAlt: 'QR code to add this account to an authenticator app',
      manual: 'Cannot scan? Enter this key in the app:',
      code: 'Code from the app',
      codeFormat: 'Code must be 6 digits',
      confirm: 'Confirm',
      confirmed: 'Authenticator app set up: sign-in will ask for its code',
      enrolled: 'Your authenticator app is set up',
      since: 'Set up on {{date}}.',
      lostPhone: 'Lost your phone or changed app? Ask an administrator to reset it, then set it up again.',
      recoveryTitle: 'Save your recovery codes',
      recoveryHelp:
        'Each code signs you in once when you cannot use the app. They are shown only now: keep them somewhere safe, such as a password manager.',
      recoveryList: 'Recovery codes',
      recoveryCopy: 'Copy codes',
      recoverySaved: 'I have saved them',
      recoveryLeft: 'Recovery codes left: {{count}} of 10',
      recoveryLow: 'Few recovery codes left: make new ones before you run out.',
      regenerate: 'New recovery codes',
      regenerateHelp: 'Type the code your authenticator app shows now. Your current recovery codes stop working.',
      regenerateSubmit: 'Make new codes',
      recoveryCreated: 'New recovery codes made: the ones before no longer work',
    },
  },
  // Only the shell and the signed-in pages show them, so the tree comes with the frame.
  nav: navLabels(),
};
