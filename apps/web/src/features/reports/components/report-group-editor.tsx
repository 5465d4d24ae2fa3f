import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { arrayMove } from '@dnd-kit/sortable';
import type { ReportGroup } from '@recon/contract';
import { Button, Flex, Form, Input, Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveReportGroup } from '@/features/reports/api/reports-api';
import { useReportOptions } from '@/lib/reads/reports';
import { saveWithFieldErrors } from '@/lib/save-form';
import { showErrorToast, showSuccessToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';
import { EmptyState } from '@/ui/empty-state';
import { DragHandle, SortableRow, SortableRows } from '@/ui/sortable-rows';

type Member = { id: number; name: string };

/**
 * Create or edit a report group (POST / PUT /v2/scheduleSqlQuerys): its name and the module's reports it runs, in
 * order — added from a picker, dragged by their grip (or moved up and down) into place. The server checks it; its
 * messages show under the field they name.
 */
export function ReportGroupEditor({
  moduleId,
  group,
  open,
  onClose,
}: {
  moduleId: number;
  group: ReportGroup | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [members, setMembers] = useState<Member[]>([]);
  const [reportsError, setReportsError] = useState<string[]>([]);
  const choices = useReportOptions(moduleId, open);
  const save = useSaveReportGroup(moduleId);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: group?.name ?? '' });
    setMembers(group?.reports ?? []);
    setReportsError([]);
  }, [open, group, form]);

  const change = (next: Member[]) => {
    setMembers(next);
    setReportsError([]);
  };
  const left = (choices.data ?? []).filter((c) => !members.some((m) => m.id === c.id));

  const submit = async () => {
    const body = { name: form.getFieldValue('name') ?? '', reportIds: members.map((m) => m.id) };
    const problems = await saveWithFieldErrors(() => save.mutateAsync({ id: group?.id ?? null, body }));
    if (!problems) {
      showSuccessToast(group ? t('reports.updated') : t('reports.created'));
      onClose();
      return;
    }
    const onName = problems.filter((p) => p.name[0] === 'name');
    form.setFields(onName.map((p) => ({ name: 'name', errors: p.errors })));
    const onReports = problems.filter((p) => p.name[0] === 'reportIds').flatMap((p) => p.errors);
    setReportsError(onReports);
    const others = problems.filter((p) => p.name[0] !== 'name' && p.name[0] !== 'reportIds');
    if (others.length > 0) showErrorToast(others.flatMap((p) => p.errors));
  };

  return (
    <Modal
      open={open}
      title={group ? t('reports.groups.editTitle', { name: group.name }) : t('reports.groups.newTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      <Form form={form} name="reportGroup" layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('reports.groups.name')}>
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item
          label={t('reports.groups.reports')}
          validateStatus={reportsError.length > 0 ? 'error' : undefined}
          help={reportsError.length > 0 ? reportsError.join(' ') : undefined}
        >
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">{t('reports.groups.reportsHelp')}</Typography.Text>
            <AppSelect<number>
              aria-label={t('reports.groups.addReport')}
              placeholder={t('reports.groups.addReportPlaceholder')}
              loading={choices.isPending}
              value={null}
              options={left.map((c) => ({ value: c.id, label: c.name }))}
              onChange={(id) => {
                const picked = left.find((c) => c.id === id);
                if (picked) change([...members, picked]);
              }}
            />
            <SortableRows ids={members.map((m) => m.id)} onMove={(from, to) => change(arrayMove(members, from, to))}>
              <Table<Member>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={members}
                showHeader={members.length > 0}
                locale={{ emptyText: <EmptyState description={t('reports.groups.noReportsChosen')} /> }}
                components={{ body: { row: SortableRow } }}
                columns={[
                  {
                    key: 'drag',
                    width: 44,
                    render: (_, m) => <DragHandle label={t('reports.groups.drag', { name: m.name })} />,
                  },
                  { title: t('reports.groups.order'), key: 'order', width: 70, render: (_, __, i) => i + 1 },
                  {
                    title: t('reports.report'),
                    key: 'name',
                    render: (_, m) => <Typography.Text>{m.name}</Typography.Text>,
                  },
                  {
                    key: 'move',
                    width: 120,
                    align: 'right',
                    render: (_, m, i) => (
                      <Flex gap={2} justify="flex-end">
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowUpOutlined />}
                          aria-label={t('reports.groups.moveUp', { name: m.name })}
                          disabled={i === 0}
                          onClick={() => change(arrayMove(members, i, i - 1))}
                        />
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowDownOutlined />}
                          aria-label={t('reports.groups.moveDown', { name: m.name })}
                          disabled={i === members.length - 1}
                          onClick={() => change(arrayMove(members, i, i + 1))}
                        />
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('reports.groups.remove', { name: m.name })}
                          onClick={() => change(members.filter((x) => x.id !== m.id))}
                        />
                      </Flex>
                    ),
                  },
                ]}
              />
            </SortableRows>
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
