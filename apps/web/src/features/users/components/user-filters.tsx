import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserFilters as Values } from '@/features/users/api/get-users';
import type { UserListState } from '@/features/users/user-list-params';
import { AppSelect } from '@/ui/app-select';
import { FilterBar, FilterField } from '@/ui/filter-bar';

type Props = { state: UserListState; onApply: (filters: Values) => void };

/** The users list's column filters: name, email, module (contains) and active. */
export function UserFilters({ state, onApply }: Props) {
  const { t } = useTranslation();
  return (
    <FilterBar<Values>
      name="userFilters"
      values={{ name: state.name, email: state.email, module: state.module, isActive: state.isActive }}
      onApply={onApply}
      onReset={() => onApply({})}
    >
      <FilterField name="name" label={t('users.searchName')} minWidth={200}>
        <Input allowClear autoComplete="off" />
      </FilterField>
      <FilterField name="email" label={t('users.searchEmail')} minWidth={200}>
        <Input allowClear autoComplete="off" />
      </FilterField>
      <FilterField name="module" label={t('users.searchModule')} minWidth={200}>
        <Input allowClear autoComplete="off" />
      </FilterField>
      <FilterField name="isActive" label={t('users.status')} minWidth={140}>
        <AppSelect<'true' | 'false'>
          options={[
            { value: 'true', label: t('users.active') },
            { value: 'false', label: t('users.inactive') },
          ]}
        />
      </FilterField>
    </FilterBar>
  );
}
