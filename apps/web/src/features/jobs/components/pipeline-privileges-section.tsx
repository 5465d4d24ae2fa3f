import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PIPELINE_PRIVILEGE_CODES, PIPELINE_PRIVILEGE_LABELS } from '@recon/contract';
import { Button, Card, Checkbox, Flex, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrivilegeUserSelect } from '@/features/jobs/components/privilege-user-select';
import {
  ALL_PIPELINES,
  type JobPipeline,
  newPrivilegeEntry,
  newPrivilegeUser,
  type PrivilegeEntry,
  type PrivilegeUser,
  type SettingsDraft,
} from '@/features/jobs/settings-draft';
import { AppSelect } from '@/ui/app-select';

type Props = { draft: SettingsDraft; pipelines: readonly JobPipeline[]; onChange: (next: SettingsDraft) => void };

/** Per-user privileges on the job's pipelines (all of them, or one per permission). */
export function PipelinePrivilegesSection({ draft, pipelines, onChange }: Props) {
  const { t } = useTranslation();
  const setEntries = (privilegeEntries: PrivilegeEntry[]) => onChange({ ...draft, privilegeEntries });
  const setEntry = (key: string, patch: Partial<PrivilegeEntry>) =>
    setEntries(draft.privilegeEntries.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  const setUser = (entry: PrivilegeEntry, userKey: string, patch: Partial<PrivilegeUser>) =>
    setEntry(entry.key, { users: entry.users.map((u) => (u.key === userKey ? { ...u, ...patch } : u)) });

  return (
    <Card
      title={t('jobs.settings.privileges')}
      extra={
        <Switch
          aria-label={t('jobs.settings.privileges')}
          checked={draft.privilegesEnabled}
          onChange={(privilegesEnabled) => onChange({ ...draft, privilegesEnabled })}
        />
      }
      style={{ marginBottom: 16 }}
    >
      {!draft.privilegesEnabled ? (
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('jobs.settings.privilegesOff')}</span>
      ) : (
        <Flex vertical gap={12}>
          {draft.privilegeEntries.map((entry, entryIndex) => (
            <Card
              key={entry.key}
              size="small"
              type="inner"
              title={
                <AppSelect<number | typeof ALL_PIPELINES>
                  aria-label={`${t('jobs.settings.permissionPipeline')} ${entryIndex + 1}`}
                  style={{ width: 280 }}
                  placeholder={t('jobs.settings.permissionPipeline')}
                  value={entry.target ?? undefined}
                  options={[
                    { value: ALL_PIPELINES, label: t('jobs.settings.allPipelines') },
                    ...pipelines.map((p) => ({ value: p.id, label: p.name })),
                  ]}
                  onChange={(target) => setEntry(entry.key, { target: target ?? null })}
                />
              }
              extra={
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('jobs.settings.removePermission')} ${entryIndex + 1}`}
                  onClick={() => setEntries(draft.privilegeEntries.filter((e) => e.key !== entry.key))}
                />
              }
            >
              <Table<PrivilegeUser>
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={entry.users}
                locale={{ emptyText: t('jobs.settings.noUsers') }}
                scroll={{ x: 760 }}
                columns={[
                  {
                    title: t('jobs.settings.user'),
                    key: 'user',
                    width: 260,
                    render: (_, user, userIndex) => (
                      <PrivilegeUserSelect
                        label={`${t('jobs.settings.user')} ${entryIndex + 1}.${userIndex + 1}`}
                        userId={user.userId}
                        userName={user.userName}
                        onChange={(picked) => setUser(entry, user.key, picked)}
                      />
                    ),
                  },
                  ...PIPELINE_PRIVILEGE_CODES.map((code) => ({
                    title: PIPELINE_PRIVILEGE_LABELS[code],
                    key: code,
                    width: 110,
                    align: 'center' as const,
                    render: (_: unknown, user: PrivilegeUser) => (
                      <Checkbox
                        aria-label={`${PIPELINE_PRIVILEGE_LABELS[code]} ${user.userName || entryIndex + 1}`}
                        checked={user.privileges[code]}
                        onChange={(e) =>
                          setUser(entry, user.key, { privileges: { ...user.privileges, [code]: e.target.checked } })
                        }
                      />
                    ),
                  })),
                  {
                    title: '',
                    key: 'remove',
                    width: 48,
                    render: (_, user) => (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('jobs.settings.removeUser')} ${user.userName || entryIndex + 1}`}
                        onClick={() => setEntry(entry.key, { users: entry.users.filter((u) => u.key !== user.key) })}
                      />
                    ),
                  },
                ]}
              />
              <Button
                size="small"
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                onClick={() => setEntry(entry.key, { users: [...entry.users, newPrivilegeUser()] })}
              >
                {t('jobs.settings.addUser')}
              </Button>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => setEntries([...draft.privilegeEntries, newPrivilegeEntry()])}
          >
            {t('jobs.settings.addPermission')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
