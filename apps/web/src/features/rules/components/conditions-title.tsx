import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Sides } from '@/features/rules/condition-rows';

/** The conditions card's title, with the recon's sides the conditions compare. */
export function ConditionsTitle({ sides }: { sides: Sides }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="center" wrap>
      {t('rules.conditionsTitle')}
      {sides.a && <Tag>{t('rules.sideOf', { side: 'A', name: sides.a.name })}</Tag>}
      {sides.b && <Tag>{t('rules.sideOf', { side: 'B', name: sides.b.name })}</Tag>}
    </Flex>
  );
}
