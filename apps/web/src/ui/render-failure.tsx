import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a render failure looks like: the spec's text and a way to start over. Deliberately light (no
 * illustration, no Typography, a plain flex box rather than Flex) because it is part of the first load and
 * must show even when a code chunk failed.
 */
export function RenderFailure() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        minHeight: 320,
        padding: 24,
      }}
    >
      <CloseCircleFilled style={{ fontSize: 48, color: '#ff4d4f' }} />
      <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>{t('common.renderFailure')}</h2>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}

type Props = { children: ReactNode; fallback?: ReactNode };
type State = { hasError: boolean };

/** Keeps a failure in one area from blanking the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failure', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return this.props.fallback ?? <RenderFailure />;
    return this.props.children;
  }
}
