import { ROLE_ADMIN } from '@recon/contract/privileges';

/** The roles whose grants can be edited here (the seeded roles). */
export const EDITABLE_ROLES = [
  ROLE_ADMIN,
  'ROLE_MANAGER',
  'ROLE_OPERATOR',
  'ROLE_SUPPORT',
  'ROLE_FINOPS',
  'ROLE_MAKER',
  'ROLE_CHECKER',
] as const;
