import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSecondsLeft } from '@/lib/use-countdown';

type Props = { availableAtMs: number; isSending: boolean; onResend: () => void };

/** Resending waits a short cool-down so a user cannot flood a phone with codes. */
export function ResendCodeButton({ availableAtMs, isSending, onResend }: Props) {
  const { t } = useTranslation();
  const secondsLeft = useSecondsLeft(availableAtMs);
  return (
    <Button type="link" onClick={onResend} disabled={secondsLeft > 0} loading={isSending} style={{ padding: 0 }}>
      {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.resendCode')}
    </Button>
  );
}
