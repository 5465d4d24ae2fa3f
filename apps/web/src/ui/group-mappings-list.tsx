import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { roleDisplayName } from '@recon/contract/privileges';
import { Button, Flex, Form, Input, Select } from 'antd';

/** Roles a directory group can grant, by name (the role matrix of Settings › user-roles). */
export const MAPPABLE_ROLES = ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_OPERATOR', 'ROLE_SUPPORT', 'ROLE_FINOPS'];

type Labels = {
  group: string;
  groupRequired: string;
  roles: string;
  modules: string;
  addMapping: string;
  removeMapping: string;
};

type Props = {
  /** The form list's field name (holds `{ group, roles, moduleIds }[]`). */
  name: string;
  modules: readonly { id: number; name: string }[];
  labels: Labels;
};

/** Directory group → roles and modules rows of a sign-in setup form (SAML and LDAP setups share them). */
export function GroupMappingsList({ name, modules, labels }: Props) {
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <>
          {rows.map((row) => (
            <Flex key={row.key} gap={8} align="flex-start">
              <Form.Item
                name={[row.name, 'group']}
                rules={[{ required: true, whitespace: true, message: labels.groupRequired }]}
                style={{ flex: 2 }}
              >
                <Input aria-label={labels.group} placeholder={labels.group} autoComplete="off" />
              </Form.Item>
              <Form.Item name={[row.name, 'roles']} style={{ flex: 2 }}>
                <Select
                  mode="multiple"
                  aria-label={labels.roles}
                  placeholder={labels.roles}
                  maxTagCount="responsive"
                  optionFilterProp="label"
                  options={MAPPABLE_ROLES.map((r) => ({ value: r, label: roleDisplayName(r) }))}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'moduleIds']} style={{ flex: 3 }}>
                <Select
                  mode="multiple"
                  aria-label={labels.modules}
                  placeholder={labels.modules}
                  maxTagCount="responsive"
                  optionFilterProp="label"
                  options={modules.map((m) => ({ value: m.id, label: m.name }))}
                />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={labels.removeMapping}
                onClick={() => remove(row.name)}
              />
            </Flex>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ group: '', roles: [], moduleIds: [] })}>
            {labels.addMapping}
          </Button>
        </>
      )}
    </Form.List>
  );
}
