import type { SsoRequestedUser } from '@recon/contract';
import { roleDisplayName } from '@recon/contract/privileges';
import { Button, Card, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDecideSsoUser, useSsoRequested } from '@/features/users/api/sso-requests';
import { setFieldMessages } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useModules } from '@/lib/reads/modules';
import { useRoles } from '@/lib/reads/roles';
import { saveWithFieldErrors } from '@/lib/save-form';
import { showSuccessToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';
import { EmptyState } from '@/ui/empty-state';
import { QueryError } from '@/ui/query-error';

type Requested = SsoRequestedUser;
type Decision = { user: Requested; decision: 'APPROVE' | 'REJECT' };
type Values = { rolesName?: string[]; moduleIds?: number[]; remark?: string };

/** Users who arrived by SSO or LDAP: approve them with roles and modules, or reject them with a remark. */
export function SsoRequestsCard() {
  const { t } = useTranslation();
  const requested = useSsoRequested();
  const [decision, setDecision] = useState<Decision | null>(null);
  const count = requested.data?.length ?? 0;

  return (
    <Card
      style={{ marginTop: 16 }}
      title={
        <Flex gap={8} align="center">
          <span>{t('users.sso.title')}</span>
          {count > 0 && <Tag color="orange">{count}</Tag>}
        </Flex>
      }
      styles={{ body: { padding: 0 } }}
    >
      <Typography.Paragraph type="secondary" style={{ margin: '12px 16px' }}>
        {t('users.sso.description')}
      </Typography.Paragraph>
      {requested.isError && !requested.data ? (
        <QueryError onRetry={() => void requested.refetch()} />
      ) : (
        <Table<Requested>
          rowKey="id"
          size="middle"
          loading={requested.isFetching}
          dataSource={requested.data ?? []}
          pagination={false}
          scroll={{ x: 860 }}
          locale={{ emptyText: requested.isPending ? ' ' : <EmptyState description={t('users.sso.empty')} /> }}
          columns={[
            { title: t('users.userName'), dataIndex: 'userName', key: 'userName' },
            { title: t('users.name'), dataIndex: 'name', key: 'name' },
            { title: t('users.email'), dataIndex: 'email', key: 'email', render: (v: string | null) => v ?? '' },
            {
              title: t('users.sso.registration'),
              dataIndex: 'registrationStatus',
              key: 'registrationStatus',
              render: (v: string) => <Tag>{t(`users.sso.statuses.${v}`, { defaultValue: v })}</Tag>,
            },
            {
              title: t('users.department'),
              dataIndex: 'departmentName',
              key: 'departmentName',
              render: (v: string | null) => v ?? '',
            },
            {
              title: t('users.sso.requestedAt'),
              dataIndex: 'requestedAt',
              key: 'requestedAt',
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              width: 190,
              render: (_, user) => (
                <Flex gap={8}>
                  <Button size="small" type="primary" onClick={() => setDecision({ user, decision: 'APPROVE' })}>
                    {t('users.sso.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => setDecision({ user, decision: 'REJECT' })}>
                    {t('users.sso.reject')}
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      )}
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}

function DecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const decide = useDecideSsoUser();
  const roles = useRoles(decision?.decision === 'APPROVE');
  const modules = useModules();
  const isApprove = decision?.decision === 'APPROVE';

  const onFinish = async (values: Values) => {
    if (!decision) return;
    const errors = await saveWithFieldErrors(async () => {
      await decide.mutateAsync({
        id: decision.user.id,
        decision: decision.decision,
        rolesName: values.rolesName ?? [],
        moduleIds: values.moduleIds ?? [],
        remark: values.remark?.trim() ?? '',
      });
      showSuccessToast(isApprove ? t('users.sso.approved') : t('users.sso.rejected'));
      onClose();
    });
    if (errors) setFieldMessages(form, errors);
  };

  return (
    <Modal
      open={decision !== null}
      title={
        decision &&
        t(isApprove ? 'users.sso.approveTitle' : 'users.sso.rejectTitle', { userName: decision.user.userName })
      }
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={isApprove ? t('users.sso.approve') : t('users.sso.reject')}
      okButtonProps={{ danger: !isApprove }}
      cancelText={t('common.cancel')}
      confirmLoading={decide.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" validateTrigger="onBlur" onFinish={(v) => void onFinish(v)}>
        {isApprove ? (
          <>
            <Form.Item
              name="rolesName"
              label={t('users.roles')}
              rules={[{ required: true, type: 'array', min: 1, message: t('users.rolesRequired') }]}
            >
              <AppSelect<string[]>
                mode="multiple"
                options={(roles.data ?? []).map((r) => ({ value: r.name, label: roleDisplayName(r.name) }))}
              />
            </Form.Item>
            <Form.Item
              name="moduleIds"
              label={t('users.modules')}
              rules={[{ required: true, type: 'array', min: 1, message: t('users.modulesRequired') }]}
            >
              <AppSelect<number[]>
                mode="multiple"
                options={(modules.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="remark"
            label={t('users.sso.remark')}
            rules={[{ required: true, whitespace: true, message: t('users.sso.remarkRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={1000} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
