import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginResponse, OtpPending, PasswordExpired } from '@recon/contract';
import { Button, Spin, theme } from 'antd';
// Input and Password straight from their modules: antd's Input entry attaches Search, TextArea, OTP and
// Group to Input, which would bring all of them into this first load (vitest maps antd/es to antd/lib).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { pathAfterSignIn } from '@/features/auth/access-pending';
import { useCaptcha } from '@/features/auth/api/get-captcha';
import { type LoginMethod, useLoginMethods } from '@/features/auth/api/get-login-methods';
import { useLdapLogin } from '@/features/auth/api/ldap-login';
import { preloadLoginSchemas, useLogin } from '@/features/auth/api/login';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useBrand } from '@/lib/brand-context';
import { isSignedIn, saveSignedInUser } from '@/lib/session';
import { DeferredAlert as Alert } from '@/ui/deferred-alert';

// Loaded only when a SAML identity provider is configured: most sign-ins never need it in /login's first load.
const SamlSignIn = lazy(() =>
  import('@/features/auth/components/saml-sign-in').then((m) => ({ default: m.SamlSignIn })),
);

type Method = Extract<LoginMethod['type'], 'PASSWORD' | 'LDAP'>;
type Field = 'userName' | 'password' | 'captchaAnswer';
type Values = Record<Field, string>;

/**
 * The contract's isOtpPending, restated: importing a value from the contract's auth module would bring its
 * schemas (and zod) into this page's first load.
 */
function isOtpPending(response: LoginResponse): response is OtpPending {
  return 'otpRequired' in response && response.otpRequired === true;
}

/** The contract's isPasswordExpired, restated for the same reason. */
function isPasswordExpired(response: LoginResponse): response is PasswordExpired {
  return 'passwordExpired' in response && response.passwordExpired === true;
}

/** The methods this page offers, in the server's order; the password form if the list cannot be read. */
function formMethods(methods: LoginMethod[] | undefined, isError: boolean): Method[] {
  if (isError) return ['PASSWORD'];
  return (methods ?? []).map((m) => m.type).filter((type): type is Method => type === 'PASSWORD' || type === 'LDAP');
}

/**
 * /login. The form is two inputs validated on blur, without Ant Design's Form: this page is the first
 * thing every user loads, and Form brings its validator, grid and tooltip code with it.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const idPrefix = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const errMessage = searchParams.get('errMessage');
  // What the user's own action ended with (a changed password): good news, not an error.
  const notice = searchParams.get('notice');
  const methodsQuery = useLoginMethods();
  const passwordLogin = useLogin();
  const ldapLogin = useLdapLogin();
  const [values, setValues] = useState<Values>({ userName: '', password: '', captchaAnswer: '' });
  const captcha = useCaptcha();
  const isCaptchaOn = captcha.data?.enabled === true;
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const methods = formMethods(methodsQuery.data, methodsQuery.isError);
  const samlMethods = (methodsQuery.data ?? []).filter((m) => m.type === 'SAML' && m.registrationId);
  const [samlFailure, setSamlFailure] = useState<string[]>([]);
  const [chosen, setChosen] = useState<Method | null>(null);
  const method = chosen && methods.includes(chosen) ? chosen : methods[0];
  const isPending = passwordLogin.isPending || ldapLogin.isPending;
  // Read once: a sign-in made on this page navigates by itself and must not be overtaken by this.
  const [wasSignedIn] = useState(isSignedIn);

  if (wasSignedIn) return <Navigate to="/redirect" replace />;

  const problemOf = (field: Field, value: string): string | undefined => {
    if (field === 'userName') return value.trim() ? undefined : t('auth.userNameRequired');
    if (field === 'captchaAnswer') return !isCaptchaOn || value.trim() ? undefined : t('auth.login.captchaRequired');
    return value ? undefined : t('auth.passwordRequired');
  };
  // Leaving a field for single sign-on is not a password sign-in left half done: no "required" message then.
  const onBlur = (field: Field, event: React.FocusEvent) => {
    if (event.relatedTarget instanceof Element && event.relatedTarget.closest('[data-sso]')) return;
    setErrors((e) => ({ ...e, [field]: problemOf(field, values[field]) }));
  };
  const onChange = (field: Field, value: string) => {
    preloadLoginSchemas();
    setValues((v) => ({ ...v, [field]: value }));
    // Once a message shows, it follows the typing so it disappears as soon as the value is fixed.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: problemOf(field, value) }));
  };

  const onSignedIn = async (response: LoginResponse) => {
    if (isPasswordExpired(response)) {
      navigate(`/reset-password?tempToken=${encodeURIComponent(response.tempToken)}&expired=1`);
      return;
    }
    if (isOtpPending(response)) {
      // Loaded here, not with the page: it reads the pending sign-in back with the contract's schema (zod).
      const { savePendingLogin } = await import('@/features/auth/pending-login');
      savePendingLogin(response);
      navigate('/verify-number');
      return;
    }
    saveSignedInUser(response);
    navigate(pathAfterSignIn(response), { replace: true });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      userName: problemOf('userName', values.userName),
      password: problemOf('password', values.password),
      captchaAnswer: method === 'LDAP' ? undefined : problemOf('captchaAnswer', values.captchaAnswer),
    };
    setErrors(found);
    if (found.userName || found.password || found.captchaAnswer) return;
    setFailure([]);
    const withCaptcha =
      method !== 'LDAP' && isCaptchaOn
        ? { captchaId: captcha.data?.captchaId, captchaAnswer: values.captchaAnswer.trim() }
        : {};
    try {
      const mutation = method === 'LDAP' ? ldapLogin : passwordLogin;
      await onSignedIn(
        await mutation.mutateAsync({ userName: values.userName.trim(), password: values.password, ...withCaptcha }),
      );
    } catch (error) {
      // The error reader (and axios with it) loads only when a sign-in fails.
      const { errorMessagesFor } = await import('@/lib/http-errors');
      setFailure(await errorMessagesFor(error));
      // The image answered once, right or wrong: a new one for the next attempt.
      if (isCaptchaOn) {
        setValues((v) => ({ ...v, captchaAnswer: '' }));
        void captcha.refetch();
      }
    }
  };

  const dismissParam = (name: 'errMessage' | 'notice') => () => {
    const next = new URLSearchParams(searchParams);
    next.delete(name);
    setSearchParams(next, { replace: true });
  };

  const labelStyle = { display: 'block', marginBottom: 8, color: token.colorTextHeading } as const;
  const errorStyle = { marginTop: 4, color: token.colorError, fontSize: token.fontSizeSM } as const;
  const field = (name: Field, label: string, input: (aria: Record<string, string | boolean>) => React.ReactNode) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    return (
      <div style={{ marginBottom: 20 }}>
        <label htmlFor={id} style={labelStyle}>
          {label}
        </label>
        {input({ id, 'aria-invalid': Boolean(error), ...(error ? { 'aria-describedby': `${id}-error` } : {}) })}
        {error && (
          <div id={`${id}-error`} role="alert" style={errorStyle}>
            {error}
          </div>
        )}
      </div>
    );
  };

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle', { brand: brand.name })}>
      {errMessage && (
        <Alert
          type="error"
          showIcon
          title={errMessage}
          closable={{ onClose: dismissParam('errMessage') }}
          style={{ marginBottom: 16 }}
        />
      )}
      {notice && (
        <Alert
          type="success"
          showIcon
          title={notice}
          closable={{ onClose: dismissParam('notice') }}
          style={{ marginBottom: 16 }}
        />
      )}
      {methodsQuery.isPending ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : method === undefined ? (
        samlMethods.length === 0 && <Alert type="warning" showIcon title={t('auth.login.noMethod')} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {field('userName', t('auth.userName'), (aria) => (
            <Input
              {...aria}
              value={values.userName}
              onChange={(e) => onChange('userName', e.target.value)}
              onBlur={(e) => onBlur('userName', e)}
              status={errors.userName ? 'error' : undefined}
              prefix={<UserOutlined />}
              autoComplete="username"
              autoFocus
              size="large"
            />
          ))}
          {field('password', t('auth.password'), (aria) => (
            <Password
              {...aria}
              value={values.password}
              onChange={(e) => onChange('password', e.target.value)}
              onBlur={(e) => onBlur('password', e)}
              status={errors.password ? 'error' : undefined}
              prefix={<LockOutlined />}
              autoComplete="current-password"
              size="large"
            />
          ))}
          {method !== 'LDAP' &&
            isCaptchaOn &&
            captcha.data?.image &&
            field('captchaAnswer', t('auth.login.captcha'), (aria) => (
              <>
                <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
                  <img
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.data?.image ?? '')}`}
                    alt={t('auth.login.captchaImage')}
                    width={160}
                    height={50}
                    style={{
                      border: `1px solid ${token.colorBorder}`,
                      borderRadius: token.borderRadius,
                      background: '#ffffff',
                    }}
                  />
                  <Button
                    icon={<ReloadOutlined />}
                    aria-label={t('auth.login.captchaNew')}
                    title={t('auth.login.captchaNew')}
                    loading={captcha.isFetching}
                    onClick={() => void captcha.refetch()}
                  />
                </div>
                <Input
                  {...aria}
                  value={values.captchaAnswer}
                  onChange={(e) => onChange('captchaAnswer', e.target.value)}
                  onBlur={(e) => onBlur('captchaAnswer', e)}
                  status={errors.captchaAnswer ? 'error' : undefined}
                  prefix={<SafetyOutlined />}
                  autoComplete="off"
                  spellCheck={false}
                  size="large"
                />
              </>
            ))}
          {failure.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={failure.map((line) => <div key={line}>{line}</div>)}
              style={{ marginBottom: 16 }}
            />
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
            {method === 'LDAP' ? t('auth.login.submitLdap') : t('auth.login.submit')}
          </Button>
          <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
            <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
            {methods
              .filter((m) => m !== method)
              .map((other) => (
                <Button key={other} type="link" size="small" style={{ padding: 0 }} onClick={() => setChosen(other)}>
                  {other === 'LDAP' ? t('auth.login.useLdap') : t('auth.login.usePassword')}
                </Button>
              ))}
          </div>
        </form>
      )}
      {!methodsQuery.isPending && samlMethods.length > 0 && (
        <div data-sso style={{ marginTop: method === undefined ? 0 : 24 }}>
          {method !== undefined && (
            <div style={{ textAlign: 'center', color: token.colorTextSecondary, marginBottom: 12 }}>
              {t('auth.login.or')}
            </div>
          )}
          {samlFailure.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={samlFailure.map((line) => <div key={line}>{line}</div>)}
              style={{ marginBottom: 16 }}
            />
          )}
          <Suspense fallback={<Spin />}>
            <SamlSignIn methods={samlMethods} onSignedIn={onSignedIn} onFailure={setSamlFailure} />
          </Suspense>
        </div>
      )}
    </AuthLayout>
  );
}
