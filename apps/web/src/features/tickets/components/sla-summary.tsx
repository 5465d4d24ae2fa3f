import { SettingOutlined, WarningOutlined } from '@ant-design/icons';
import { TICKET_SLA_WRITE_PRIVILEGE, type TicketOrigin } from '@recon/contract';
import { Button, Card, Flex, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketSlaCounts } from '@/features/tickets/api/sla-api';
import { SlaRuleModal } from '@/features/tickets/components/sla-rule-modal';
import { useHasPrivilege } from '@/lib/access-context';

/**
 * The tickets page's SLA line (decision 0032): the open tickets by age since created, each bucket with how many are
 * overdue, and the overdue total — a button that narrows the list to the overdue tickets (and back).
 */
export function SlaSummary({
  moduleId,
  origin,
  isOverdueOnly,
  onOverdueOnly,
}: {
  moduleId: number;
  origin: TicketOrigin;
  isOverdueOnly: boolean;
  onOverdueOnly: (next: boolean) => void;
}) {
  const { t } = useTranslation();
  const counts = useTicketSlaCounts(moduleId, origin).data;
  const canSetRule = useHasPrivilege(TICKET_SLA_WRITE_PRIVILEGE);
  const [isRuleOpen, setRuleOpen] = useState(false);
  if (!counts) return null;
  return (
    <Card size="small" style={{ marginBottom: 16 }} aria-label={t('tickets.sla.title')}>
      <Flex gap={32} wrap align="center">
        <button
          type="button"
          aria-pressed={isOverdueOnly}
          onClick={() => onOverdueOnly(!isOverdueOnly)}
          style={{
            border: `1px solid ${isOverdueOnly ? 'var(--ant-color-error)' : 'var(--ant-color-border)'}`,
            background: isOverdueOnly ? 'var(--ant-color-error-bg)' : 'transparent',
            borderRadius: 8,
            padding: '6px 16px',
            cursor: 'pointer',
            textAlign: 'left',
          }}
        >
          <Statistic
            title={
              <span>
                <WarningOutlined /> {isOverdueOnly ? t('tickets.sla.showingOverdue') : t('tickets.sla.overdue')}
              </span>
            }
            value={counts.overdue}
            valueStyle={{ color: counts.overdue > 0 ? 'var(--ant-color-error)' : undefined, fontSize: 22 }}
          />
        </button>
        <div>
          <Typography.Text type="secondary">{t('tickets.sla.openByAge')}</Typography.Text>
          <Flex gap={24} wrap style={{ marginTop: 4 }}>
            {counts.byAge.map((b) => (
              <div key={b.bucket} data-bucket={b.bucket}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`tickets.sla.buckets.${b.bucket}`)}
                </Typography.Text>
                <div>
                  <Typography.Text strong style={{ fontSize: 18 }}>
                    {b.total}
                  </Typography.Text>
                  {b.overdue > 0 && (
                    <Tag color="error" style={{ marginLeft: 8 }}>
                      {t('tickets.sla.overdueCount', { count: b.overdue })}
                    </Tag>
                  )}
                </div>
              </div>
            ))}
          </Flex>
        </div>
        {counts.escalatedBySla > 0 && (
          <Typography.Text type="secondary">
            {t('tickets.sla.escalatedBySla', { count: counts.escalatedBySla })}
          </Typography.Text>
        )}
        {canSetRule && (
          <Button icon={<SettingOutlined />} style={{ marginLeft: 'auto' }} onClick={() => setRuleOpen(true)}>
            {t('tickets.sla.rule')}
          </Button>
        )}
      </Flex>
      <SlaRuleModal moduleId={moduleId} isOpen={isRuleOpen} onClose={() => setRuleOpen(false)} />
    </Card>
  );
}
