import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { APPROVAL_REMARK_MAX, type ApprovalDetail } from '@recon/contract';
import { Button, Flex, Form, Input, Modal, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDecideApproval } from '@/features/approvals/api/decide-approval';

type Props = { moduleId: number; approval: ApprovalDetail };

/**
 * Approve (after a confirmation) and Reject (with a required remark). Disabled, saying why, for the requester's
 * own request or one already decided: the server refuses those too.
 */
export function DecisionButtons({ moduleId, approval }: Props) {
  const { t } = useTranslation();
  const decide = useDecideApproval(moduleId);
  const [isRejecting, setIsRejecting] = useState(false);
  const [remark, setRemark] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const isRemarkMissing = remark.trim() === '';
  const why = approval.cannotDecideReason;
  const withWhy = (button: React.ReactElement) => (why ? <Tooltip title={why}>{button}</Tooltip> : button);

  return (
    <Flex gap={8}>
      {withWhy(
        <Button danger icon={<CloseOutlined />} disabled={!approval.canDecide} onClick={() => setIsRejecting(true)}>
          {t('approvals.reject')}
        </Button>,
      )}
      {withWhy(
        <Popconfirm
          title={t('approvals.approveTitle')}
          description={<div style={{ maxWidth: 320 }}>{t(`approvals.approveHelp.${approval.kind}`)}</div>}
          okText={t('approvals.approve')}
          cancelText={t('common.cancel')}
          disabled={!approval.canDecide}
          onConfirm={() => decide.mutateAsync({ id: approval.approvalId, operation: 'Approve' }).catch(() => undefined)}
        >
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={!approval.canDecide}
            loading={decide.isPending && decide.variables?.operation === 'Approve'}
          >
            {t('approvals.approve')}
          </Button>
        </Popconfirm>,
      )}
      <Modal
        open={isRejecting}
        title={t('approvals.rejectTitle', { id: approval.approvalId })}
        okText={t('approvals.reject')}
        okButtonProps={{ danger: true, disabled: isRemarkMissing, loading: decide.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setIsRejecting(false)}
        onOk={() =>
          decide
            .mutateAsync({ id: approval.approvalId, operation: 'Reject', remark: remark.trim() })
            .then(() => setIsRejecting(false))
            .catch(() => undefined)
        }
        afterClose={() => {
          setRemark('');
          setIsTouched(false);
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={t('approvals.remark')}
            required
            validateStatus={isTouched && isRemarkMissing ? 'error' : undefined}
            help={isTouched && isRemarkMissing ? t('approvals.remarkRequired') : t('approvals.remarkHelp')}
          >
            <Input.TextArea
              autoFocus
              aria-label={t('approvals.remark')}
              rows={3}
              maxLength={APPROVAL_REMARK_MAX}
              showCount
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
              onBlur={() => setIsTouched(true)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
