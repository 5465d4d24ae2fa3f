import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A detail or edit page's title with the way back to its list (none when `backTo` is undefined). */
export function BackTitle({ backTo, children }: { backTo: string | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex align="center" gap={8}>
      {backTo !== undefined && (
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('opsConfig.common.back')}
          onClick={() => navigate(backTo)}
        />
      )}
      {children}
    </Flex>
  );
}
