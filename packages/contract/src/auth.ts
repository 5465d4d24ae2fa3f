import { z } from 'zod';
import { REGISTRATION_STATUSES } from './constants.ts';
import { RECOVERY_CODE_PATTERN } from './user-totp.ts';

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

export const loginRequestSchema = z.object({
  userName: required('User Name'),
  password: z.string().min(1, 'Password is required'),
  /** When CAPTCHA is on: the challenge of GET v2/captcha and the characters its image shows. */
  captchaId: z.string().optional(),
  captchaAnswer: z.string().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const departmentSchema = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;

/** The signed-in user the client keeps in local storage. */
export const signedInUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  rolesName: z.array(z.string()),
  authToken: z.string(),
  refreshToken: z.string(),
  /** Epoch milliseconds. */
  refreshTokenExpirationTime: z.number().int(),
  profilePicPath: z.string().nullable(),
  registrationStatus: z.enum(REGISTRATION_STATUSES),
  userDepartment: departmentSchema.nullable(),
  userDepartmentConfigurable: z.boolean(),
  ssoTemporaryToken: z.string().nullable(),
  /** Only after a recovery code signed in in place of the authenticator's code: how many codes are left. */
  recoveryCodesLeft: z.number().int().optional(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** Login answer when MULTIFACTOR_AUTHENTICATION is on: no tokens until `verifyotp`. */
export const otpPendingSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  otpRequired: z.literal(true),
  /** The user has no contact number yet: set one with `appusers/updatenumber` and the tempToken. */
  contactNumberRequired: z.boolean(),
  tempToken: z.string(),
  maskedContactNumber: z.string().nullable(),
  otpExpiresInSeconds: z.number().int(),
  /** Where the code comes from: a text message (the default) or the user's authenticator app (decision 0028). */
  mfaMethod: z.enum(['SMS', 'TOTP']).optional(),
});
export type OtpPending = z.infer<typeof otpPendingSchema>;

/** Login answer when the password is older than the policy's expiry: no session; choose a new password first. */
export const passwordExpiredSchema = z.object({
  passwordExpired: z.literal(true),
  message: z.string(),
  /** For the reset-password page (`/reset-password?tempToken=`). */
  tempToken: z.string(),
});
export type PasswordExpired = z.infer<typeof passwordExpiredSchema>;

export const loginResponseSchema = z.union([signedInUserSchema, otpPendingSchema, passwordExpiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export function isOtpPending(r: LoginResponse): r is OtpPending {
  return 'otpRequired' in r && r.otpRequired === true;
}

export function isPasswordExpired(r: LoginResponse): r is PasswordExpired {
  return 'passwordExpired' in r && r.passwordExpired === true;
}

export const verifyOtpRequestSchema = z.object({
  userId: z.coerce.number({ error: 'userId is required' }).int().positive('userId is required'),
  /** Six digits; a user with an authenticator app may send one of their recovery codes instead (decision 0028). */
  otp: z
    .string({ error: 'OTP is required' })
    .trim()
    .refine((otp) => /^\d{6}$/.test(otp) || RECOVERY_CODE_PATTERN.test(otp), 'OTP must be 6 digits'),
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ userName: required('User Name') });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** Password policy: 8–64 characters with upper and lower case letters, a digit and a symbol. */
export const PASSWORD_POLICY_TEXT =
  'Password must be 8 to 64 characters with an uppercase letter, a lowercase letter, a digit and a special character';
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, PASSWORD_POLICY_TEXT)
  .max(64, PASSWORD_POLICY_TEXT)
  .regex(/[A-Z]/, PASSWORD_POLICY_TEXT)
  .regex(/[a-z]/, PASSWORD_POLICY_TEXT)
  .regex(/\d/, PASSWORD_POLICY_TEXT)
  .regex(/[^A-Za-z0-9]/, PASSWORD_POLICY_TEXT);

export const resetPasswordRequestSchema = z
  .object({
    tempToken: z
      .string({ error: 'Reset link is invalid or has expired' })
      .min(1, 'Reset link is invalid or has expired'),
    // Checked by the server against the policy in force (Settings › integrations/auth-config).
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
    confirmPassword: z.string({ error: 'Confirm Password is required' }).min(1, 'Confirm Password is required'),
    otp: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'OTP must be 6 digits')
      .optional(),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Answer of the calls that send a code to a phone: a message and the masked number it went to. */
export const codeSentResponseSchema = z.object({ message: z.string(), maskedContactNumber: z.string().nullable() });
export type CodeSentResponse = z.infer<typeof codeSentResponseSchema>;

export const tempTokenQuerySchema = z.object({
  tempToken: z.string({ error: 'tempToken is required' }).min(1, 'tempToken is required'),
});
export const updateNumberQuerySchema = z.object({
  mobile: z
    .string({ error: 'Mobile number is required' })
    .trim()
    .regex(/^\+?\d{10,15}$/, 'Enter a valid mobile number'),
  tempToken: z.string({ error: 'tempToken is required' }).min(1, 'tempToken is required'),
});

export const refreshRequestSchema = z.object({
  authToken: z.string({ error: 'authToken is required' }).min(1, 'authToken is required'),
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required'),
  userName: z.string({ error: 'userName is required' }).min(1, 'userName is required'),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export const refreshResponseSchema = z.object({
  authToken: z.string(),
  refreshToken: z.string(),
  refreshTokenExpirationTime: z.number().int(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const LOGIN_METHOD_TYPES = ['PASSWORD', 'LDAP', 'SAML', 'SSO'] as const;
export const loginMethodsResponseSchema = z.object({
  data: z.array(
    z.object({
      type: z.enum(LOGIN_METHOD_TYPES),
      label: z.string(),
      isEnabled: z.boolean(),
      /** SAML: the registration to start with POST v2/sso-login. */
      registrationId: z.string().optional(),
    }),
  ),
});
export type LoginMethodsResponse = z.infer<typeof loginMethodsResponseSchema>;

/** `:userId` of a path (resend a code, assign a department). */
export const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

export const departmentsResponseSchema = z.object({ data: z.array(departmentSchema) });
export const assignDepartmentRequestSchema = z.object({
  departmentId: z.coerce.number({ error: 'Please select a department' }).int().positive('Please select a department'),
  ssoTemporaryToken: z.string().nullable().optional(),
});
export type AssignDepartmentRequest = z.infer<typeof assignDepartmentRequestSchema>;

/** Texts of the module-role-unauthorized page and its department picker. */
export const UNASSIGNED_TEXTS = {
  notAssigned: 'Your role and module has not been assigned yet',
  reachOut: 'Please reach out to your administrator',
  raisedForApproval: 'A request to assign a module has been raised to the department admin.',
  rejected: 'Your user creation request is rejected. Please contact your department admin and raise a new request.',
  noModule: 'You have not been assigned any module! Ask administrator to assign some module to you!',
  selectProduct: 'Please select a product!',
  selectDepartment: 'Please select a department',
  departmentAssigned: 'Department assigned successfully',
  departmentFailed: 'Failed to assign department',
  samlRoleUnassigned: 'Please request your application admin to assign Role and Module.',
} as const;
