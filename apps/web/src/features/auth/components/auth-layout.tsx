import { RELEASE_LABEL } from '@recon/contract/constants';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/lib/brand-context';
import { BrandLogo } from '@/ui/brand-logo';

type Props = { title: ReactNode; subtitle?: ReactNode; children: ReactNode; width?: number };

/**
 * The frame of the pages before the shell: sign-in, code and password pages. Plain elements styled
 * with the theme's tokens rather than Card and Typography: this frame is part of the /login first
 * load, and those two bring tabs, menus and tooltips with them.
 */
export function AuthLayout({ title, subtitle, children, width = 420 }: Props) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { token } = theme.useToken();
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        boxSizing: 'border-box',
        fontFamily: token.fontFamily,
        background: `linear-gradient(160deg, ${brand.primaryColor}14 0%, #f5f7fa 45%, #eef1f6 100%)`,
      }}
    >
      <section
        style={{
          width: '100%',
          maxWidth: width,
          boxSizing: 'border-box',
          padding: 32,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          border: `1px solid ${token.colorBorderSecondary}`,
          boxShadow: '0 8px 24px rgba(15, 23, 42, 0.08)',
        }}
      >
        <div style={{ marginBottom: 24 }}>
          <div style={{ marginBottom: 16 }}>
            <BrandLogo brand={brand} />
          </div>
          <h1 style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 600, color: token.colorTextHeading }}>
            {title}
          </h1>
          {subtitle && (
            <p style={{ margin: '4px 0 0', color: token.colorTextSecondary, fontSize: token.fontSize }}>{subtitle}</p>
          )}
        </div>
        {children}
      </section>
      <p style={{ marginTop: 16, marginBottom: 0, fontSize: 12, color: token.colorTextTertiary }}>
        {t('common.release', { label: RELEASE_LABEL })}
      </p>
    </main>
  );
}
