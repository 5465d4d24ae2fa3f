/**
 * Paths of the calls made before zod loads: the sign-in screen's methods and LDAP sign-in, and the token refresh of
 * the HTTP client. Here, in a module without schemas, so the first load can name them; `authEndpoints` uses the
 * same constants.
 */
export const FIRST_LOAD_PATHS = {
  loginMethods: '/v2/login-methods',
  ldapLogin: '/v2/ldap_login',
  refresh: '/v2/refreshtoken',
  captcha: '/v2/captcha',
} as const;
