import { lazy } from 'react';
import { loadSharedTexts } from '@/lib/i18n';

/**
 * Every page and the signed-in frame are loaded on demand: the /login route's first load carries only
 * React, the router, the query client and the few Ant Design pieces the sign-in screen needs.
 */
export const LoginPage = lazy(() => import('@/features/auth/login-page'));
export const VerifyNumberPage = lazy(() => import('@/features/auth/verify-number-page'));
export const ForgotPasswordPage = lazy(() => import('@/features/auth/forgot-password-page'));
export const ResetPasswordPage = lazy(() => import('@/features/auth/reset-password-page'));
export const UnauthorizedPage = lazy(() => import('@/features/auth/unauthorized-page'));
export const ModuleRoleUnauthorizedPage = lazy(() => import('@/features/auth/module-role-unauthorized-page'));
export const ModuleSelectPage = lazy(() => import('@/features/modules/module-select-page'));

const oauth = () => import('@/features/oauth/oauth-callback-page');
export const GmailCallbackPage = lazy(() => oauth().then((m) => ({ default: m.GmailCallbackPage })));
export const OutlookCallbackPage = lazy(() => oauth().then((m) => ({ default: m.OutlookCallbackPage })));
export const RazorpayCallbackPage = lazy(() => oauth().then((m) => ({ default: m.RazorpayCallbackPage })));
export const SamlCallbackPage = lazy(() => oauth().then((m) => ({ default: m.SamlCallbackPage })));

// The shared texts come with the frame: every page behind sign-in renders inside it (an area's own texts come
// with its pages, app/routes).
const frame = () => Promise.all([import('@/app/signed-in-frame'), loadSharedTexts()]).then(([m]) => m);
export const SignedInFrame = lazy(() => frame().then((m) => ({ default: m.SignedInFrame })));
export const SectionIndex = lazy(() => frame().then((m) => ({ default: m.SectionIndex })));
export const RedirectRoute = lazy(() => frame().then((m) => ({ default: m.RedirectRoute })));
export const NotFoundPage = lazy(() => import('@/ui/not-found').then((m) => ({ default: m.NotFound })));
