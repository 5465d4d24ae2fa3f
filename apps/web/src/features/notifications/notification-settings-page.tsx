import type { NotificationKind, NotificationPreference } from '@recon/contract';
import { Button, Card, Flex, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '@/features/notifications/api/notification-preferences';
import { useModuleSelection } from '@/lib/module-context';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

type Choice = Pick<NotificationPreference, 'inApp' | 'email'>;

/**
 * Settings › Notifications (privilege notifications): per kind of alert, whether it reaches the signed-in user in this
 * product in the app (the bell, My Jobs › Alerts) and by mail. Saved together.
 */
export default function NotificationSettingsPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const preferences = useNotificationPreferences(current.id);
  const save = useSaveNotificationPreferences(current.id);
  const [edits, setEdits] = useState<Partial<Record<NotificationKind, Choice>>>({});
  const rows = (preferences.data ?? []).map((p) => ({ ...p, ...edits[p.kind] }));
  const isChanged = rows.some((r) => {
    const saved = preferences.data?.find((p) => p.kind === r.kind);
    return saved && (saved.inApp !== r.inApp || saved.email !== r.email);
  });
  const set = (row: NotificationPreference, change: Partial<Choice>) =>
    setEdits({ ...edits, [row.kind]: { inApp: row.inApp, email: row.email, ...change } });

  return (
    <>
      <PageHeader
        title={t('notificationSettings.title')}
        description={t('notificationSettings.description', { module: current.name })}
      />
      <Card styles={{ body: { padding: 0 } }} style={{ maxWidth: 760 }}>
        {preferences.isError && !preferences.data ? (
          <QueryError onRetry={() => void preferences.refetch()} />
        ) : (
          <Table<NotificationPreference>
            rowKey="kind"
            size="middle"
            loading={preferences.isPending}
            dataSource={rows}
            pagination={false}
            columns={[
              { title: t('notificationSettings.alert'), dataIndex: 'kindLabel', key: 'kind' },
              {
                title: t('notificationSettings.inApp'),
                key: 'inApp',
                width: 160,
                render: (_, row) => (
                  <Switch
                    checked={row.inApp}
                    aria-label={`${row.kindLabel}: ${t('notificationSettings.inApp')}`}
                    onChange={(inApp) => set(row, { inApp })}
                  />
                ),
              },
              {
                title: t('notificationSettings.email'),
                key: 'email',
                width: 160,
                render: (_, row) => (
                  <Switch
                    checked={row.email}
                    aria-label={`${row.kindLabel}: ${t('notificationSettings.email')}`}
                    onChange={(email) => set(row, { email })}
                  />
                ),
              },
            ]}
          />
        )}
      </Card>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16, maxWidth: 760 }}>
        <Button disabled={!isChanged || save.isPending} onClick={() => setEdits({})}>
          {t('notificationSettings.reset')}
        </Button>
        <Button
          type="primary"
          disabled={!isChanged}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { preferences: rows.map(({ kind, inApp, email }) => ({ kind, inApp, email })) },
              { onSuccess: () => setEdits({}) },
            )
          }
        >
          {t('notificationSettings.save')}
        </Button>
      </Flex>
    </>
  );
}
