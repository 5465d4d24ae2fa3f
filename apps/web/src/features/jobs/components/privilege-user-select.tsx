import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrivilegeUsers } from '@/features/jobs/api/get-privilege-users';
import { useModuleSelection } from '@/lib/module-context';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AppSelect } from '@/ui/app-select';

const SEARCH_DELAY_MS = 300;

type Props = {
  userId: number | null;
  userName: string;
  label: string;
  onChange: (user: { userId: number | null; userName: string }) => void;
};

/** A user of this product, searched by name on the server as the user types. */
export function PrivilegeUserSelect({ userId, userName, label, onChange }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const [search, setSearch] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const debounced = useDebouncedValue(search, SEARCH_DELAY_MS);
  const users = usePrivilegeUsers(current.name, debounced, isOpen);
  const options = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.userName})` }));
  const selected =
    userId !== null && !options.some((o) => o.value === userId) ? [{ value: userId, label: userName }] : [];

  return (
    <AppSelect<number>
      aria-label={label}
      style={{ width: '100%' }}
      placeholder={t('jobs.settings.chooseUser')}
      loading={users.isFetching}
      value={userId ?? undefined}
      options={[...selected, ...options]}
      onSearchText={setSearch}
      onOpenChange={setIsOpen}
      onChange={(id) => {
        const user = users.data?.find((u) => u.id === id);
        onChange({ userId: id ?? null, userName: user?.userName ?? '' });
      }}
    />
  );
}
