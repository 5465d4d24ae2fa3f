import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultDateRange } from '@/lib/date-range';
import { hasAnyRole, isAdmin } from '@/lib/roles';

describe('roles', () => {
  it('treats ROLE_ADMIN as admin and checks any of several roles', () => {
    expect(isAdmin({ rolesName: ['ROLE_OPERATOR', 'ROLE_ADMIN'] })).toBe(true);
    expect(isAdmin({ rolesName: ['ROLE_MANAGER'] })).toBe(false);
    expect(hasAnyRole({ rolesName: ['ROLE_MAKER'] }, ['ROLE_CHECKER', 'ROLE_MAKER'])).toBe(true);
    expect(hasAnyRole(null, ['ROLE_MAKER'])).toBe(false);
  });
});

describe('default date range', () => {
  it('covers the last 15 days, or only today for a 0-day brand', () => {
    const today = dayjs('2025-03-20T10:00:00');
    const [from, to] = defaultDateRange(15, today);
    expect(from.format('YYYY-MM-DD HH:mm')).toBe('2025-03-05 00:00');
    expect(to.format('YYYY-MM-DD HH:mm')).toBe('2025-03-20 23:59');
    expect(defaultDateRange(0, today)[0].format('YYYY-MM-DD')).toBe('2025-03-20');
  });
});
