import { theme } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of the page's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * "Skip to content": the first stop of the Tab key, out of sight until it has the focus. It moves the focus to the
 * page's main region, past the sidebar and header, without changing the address.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [isFocused, setIsFocused] = useState(false);
  const shown: CSSProperties = {
    position: 'fixed',
    top: 8,
    left: 8,
    zIndex: 1100,
    padding: '8px 16px',
    background: token.colorBgElevated,
    color: token.colorPrimary,
    borderRadius: token.borderRadius,
    boxShadow: token.boxShadowSecondary,
    fontWeight: 600,
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      style={isFocused ? shown : HIDDEN}
      onFocus={() => setIsFocused(true)}
      onBlur={() => setIsFocused(false)}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}
