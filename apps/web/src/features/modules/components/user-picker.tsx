import type { AppUserRow } from '@recon/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppUsers } from '@/features/modules/api/get-app-users';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AppSelect } from '@/ui/app-select';

const SEARCH_DEBOUNCE_MS = 300;
const PAGE_OF_USERS = 50;

type Props = {
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  onBlur?: () => void;
  /** Users already in the module, left out of the choices. */
  excludedIds?: readonly number[];
  'aria-label'?: string;
};

function userLabel(user: AppUserRow): string {
  return user.name && user.name !== user.userName ? `${user.name} (${user.userName})` : user.userName;
}

/** Multi-select of application users, searched on the server by name as the user types. */
export function UserPicker({ id, value, onChange, onBlur, excludedIds = [], ...rest }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const users = useAppUsers({ search: debouncedSearch, start: 0, length: PAGE_OF_USERS });
  // Labels of users seen so far, so a chosen user keeps its name when the search changes.
  const [known, setKnown] = useState<ReadonlyMap<number, string>>(new Map());

  const options = useMemo(() => {
    const excluded = new Set(excludedIds);
    const rows = (users.data?.data ?? []).filter((u) => !excluded.has(u.id));
    const shown = new Set(rows.map((u) => u.id));
    const chosenNotShown = (value ?? [])
      .filter((userId) => !shown.has(userId))
      .map((userId) => ({ value: userId, label: known.get(userId) ?? t('modules.unknownUser', { id: userId }) }));
    return [
      ...rows.map((u) => ({
        value: u.id,
        label: u.isActive ? userLabel(u) : t('modules.inactiveUser', { name: userLabel(u) }),
        disabled: !u.isActive,
      })),
      ...chosenNotShown,
    ];
  }, [users.data, excludedIds, value, known, t]);

  const handleChange = (next: number[]) => {
    const labels = new Map(known);
    for (const u of users.data?.data ?? []) if (next.includes(u.id)) labels.set(u.id, userLabel(u));
    setKnown(labels);
    onChange?.(next);
  };

  return (
    <AppSelect<number[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={handleChange}
      onBlur={onBlur}
      onSearchText={setSearch}
      loading={users.isFetching}
      options={options}
      aria-label={rest['aria-label']}
      style={{ width: '100%' }}
    />
  );
}
