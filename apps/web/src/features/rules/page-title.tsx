import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RULES_PATH, withRecon } from '@/features/rules/paths';
import { useHasPrivilege } from '@/lib/access-context';

/** A rule page's title with the way back to the recon's rules. */
export function RulePageTitle({ reconId, children }: { reconId?: number; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A reader of single rules (viewRule) without the list's privilege has nowhere to go back to.
  const canList = useHasPrivilege({ code: 'rules' });
  return (
    <Flex align="center" gap={8}>
      {canList && (
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('opsConfig.common.back')}
          onClick={() => navigate(withRecon(RULES_PATH, reconId))}
        />
      )}
      {children}
    </Flex>
  );
}
