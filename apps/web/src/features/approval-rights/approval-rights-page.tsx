import type { ApprovalRight } from '@recon/contract';
import { roleDisplayName } from '@recon/contract/privileges';
import { Alert, Button, Card, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApprovalRights, useSaveApprovalRight } from '@/features/approval-rights/api/approval-rights';
import { useModuleSelection } from '@/lib/module-context';
import { useRoles } from '@/lib/reads/roles';
import { AppSelect } from '@/ui/app-select';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Settings › Approval Rights: in the selected module, which roles approve or reject each kind of request. */
export default function ApprovalRightsPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const rights = useApprovalRights(current.id);

  return (
    <>
      <PageHeader
        title={t('approvalRights.title')}
        description={t('approvalRights.description', { module: current.name })}
      />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('approvalRights.rule')} />
      <Card styles={{ body: { padding: 0 } }}>
        {rights.isError && !rights.data ? (
          <QueryError onRetry={() => void rights.refetch()} />
        ) : (
          <Table<ApprovalRight>
            rowKey="kind"
            loading={rights.isFetching}
            dataSource={rights.data ?? []}
            pagination={false}
            locale={{ emptyText: rights.isPending ? ' ' : <EmptyState /> }}
            columns={[
              {
                title: t('approvalRights.kind'),
                dataIndex: 'kindLabel',
                key: 'kind',
                width: 220,
                render: (label: string) => <Typography.Text strong>{label}</Typography.Text>,
              },
              {
                title: t('approvalRights.roles'),
                key: 'roles',
                render: (_, right) => <RightEditor key={right.roleNames.join()} moduleId={current.id} right={right} />,
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}

/** The roles of one kind: pick, then Save; empty means any holder of Approvals but the requester. */
function RightEditor({ moduleId, right }: { moduleId: number; right: ApprovalRight }) {
  const { t } = useTranslation();
  const roles = useRoles();
  const save = useSaveApprovalRight(moduleId, t('approvalRights.saved'));
  const [chosen, setChosen] = useState<string[]>(right.roleNames);
  const isChanged = [...chosen].sort().join() !== [...right.roleNames].sort().join();
  return (
    <Flex gap={8} align="center" wrap>
      <div style={{ flex: 1, minWidth: 280 }}>
        <AppSelect<string[]>
          mode="multiple"
          value={chosen}
          onChange={(value) => setChosen(value ?? [])}
          loading={roles.isPending}
          placeholder={t('approvalRights.anyChecker')}
          aria-label={t('approvalRights.rolesOf', { kind: right.kindLabel })}
          options={(roles.data ?? []).map((r) => ({
            value: r.name,
            label: r.isChecker ? `${roleDisplayName(r.name)} · ${t('roles.checker')}` : roleDisplayName(r.name),
          }))}
          style={{ width: '100%' }}
        />
      </div>
      <Button
        type="primary"
        disabled={!isChanged}
        loading={save.isPending}
        onClick={() => save.mutate({ kind: right.kind, roleNames: chosen })}
      >
        {t('common.save')}
      </Button>
    </Flex>
  );
}
