import { Flex, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { oauthMessageFromQuery } from '@/features/oauth/oauth-message';
import { type OAuthMessage, type OAuthProvider, postOAuthMessage } from '@/lib/oauth-channel';

/** Runs in the sign-in popup: hands the result to the opener window, then closes itself. */
export function OAuthCallbackPage({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [message, setMessage] = useState<OAuthMessage | null>(null);

  useEffect(() => {
    const result = oauthMessageFromQuery(provider, searchParams);
    postOAuthMessage(result);
    setMessage(result);
    window.close();
  }, [provider, searchParams]);

  if (!message) return null;
  // Seen only when the browser refuses to close a window it did not open by script.
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      {message.type === 'SUCCESS' ? (
        <Result status="success" title={t('auth.oauth.done')} />
      ) : (
        <Result status="error" title={t('auth.oauth.failed')} subTitle={message.error} />
      )}
    </Flex>
  );
}

export const GmailCallbackPage = () => <OAuthCallbackPage provider="gmail" />;
export const OutlookCallbackPage = () => <OAuthCallbackPage provider="outlook" />;
export const RazorpayCallbackPage = () => <OAuthCallbackPage provider="razorpay" />;
export const SamlCallbackPage = () => <OAuthCallbackPage provider="saml" />;
