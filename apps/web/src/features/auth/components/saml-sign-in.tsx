import { LoginOutlined } from '@ant-design/icons';
import type { SignedInUser } from '@recon/contract';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginMethod } from '@/features/auth/api/get-login-methods';
import { openSamlPopup, samlLogin, startSamlSignIn, waitForSamlMessage } from '@/features/auth/api/saml-login';

/** How often the page looks whether the user closed the identity provider's popup without signing in. */
const POPUP_CHECK_MS = 500;

type Props = {
  methods: LoginMethod[];
  onSignedIn: (user: SignedInUser) => void | Promise<void>;
  onFailure: (lines: string[]) => void;
};

/**
 * One "Sign in with …" button per SAML registration: the identity provider signs the user in in a popup, whose
 * /oauth/saml callback hands the one-time ticket back over the broadcast channel; POST v2/saml_login turns it into
 * the session.
 */
export function SamlSignIn({ methods, onSignedIn, onFailure }: Props) {
  const { t } = useTranslation();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const signIn = async (registrationId: string) => {
    running.current?.abort();
    const abort = new AbortController();
    running.current = abort;
    // Opened on the click itself: a window opened after an await is blocked as a pop-up.
    const popup = openSamlPopup();
    setPendingId(registrationId);
    onFailure([]);
    let closedCheck: ReturnType<typeof setInterval> | undefined;
    try {
      if (!popup) {
        onFailure([t('auth.login.samlPopupBlocked')]);
        return;
      }
      const message = waitForSamlMessage(abort.signal);
      popup.location.href = await startSamlSignIn(registrationId);
      // A popup closed (or out of this window's reach once the identity provider answered) frees the button; the
      // answer may still come over the channel, which keeps listening until another attempt starts.
      closedCheck = setInterval(() => {
        if (!popup.closed) return;
        clearInterval(closedCheck);
        if (running.current === abort) setPendingId(null);
      }, POPUP_CHECK_MS);
      const answer = await message;
      if (!answer) return;
      if (answer.type === 'ERROR') {
        // A user without role and module still signs in: the unassigned page tells them and takes their department.
        if (answer.code) await onSignedIn(await samlLogin(answer.code, answer.userName ?? ''));
        else onFailure([answer.error]);
        return;
      }
      await onSignedIn(await samlLogin(answer.code, answer.userName ?? ''));
    } catch (error) {
      popup?.close();
      const { errorMessagesFor } = await import('@/lib/http-errors');
      onFailure(await errorMessagesFor(error));
    } finally {
      clearInterval(closedCheck);
      if (running.current === abort) setPendingId(null);
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {methods.map((m) =>
        m.registrationId ? (
          <Button
            key={m.registrationId}
            block
            size="large"
            icon={<LoginOutlined />}
            loading={pendingId === m.registrationId}
            onClick={() => signIn(m.registrationId ?? '')}
          >
            {t('auth.login.withSaml', { name: m.label })}
          </Button>
        ) : null,
      )}
    </div>
  );
}
