import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { WithAccess } from '@/testing/render';
import { PrivilegeGuard } from '@/ui/privilege-guard';

describe('privilege guard', () => {
  it('shows its content when no privilege is asked for or the code is held', () => {
    render(
      <WithAccess codes={['job']}>
        <PrivilegeGuard>
          <span>open</span>
        </PrivilegeGuard>
        <PrivilegeGuard rule={{ code: 'job' }}>
          <span>jobs</span>
        </PrivilegeGuard>
      </WithAccess>,
    );
    expect(screen.getByText('open')).toBeTruthy();
    expect(screen.getByText('jobs')).toBeTruthy();
  });

  it('hides its content, or disables it, when the privilege is missing', () => {
    render(
      <WithAccess codes={[]}>
        <PrivilegeGuard rule={{ code: 'createJob' }}>
          <span>hidden</span>
        </PrivilegeGuard>
        <PrivilegeGuard rule={{ code: 'createJob' }} mode="disable">
          <Button>Create Job</Button>
        </PrivilegeGuard>
      </WithAccess>,
    );
    expect(screen.queryByText('hidden')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Job' })).toHaveProperty('disabled', true);
  });

  it('needs every extra code and accepts any alternative code', () => {
    render(
      <WithAccess codes={['commissionCalAdmin', 'recons']}>
        <PrivilegeGuard rule={{ code: 'commissionCalView', anyOf: ['commissionCalAdmin'] }}>
          <span>plans</span>
        </PrivilegeGuard>
        <PrivilegeGuard rule={{ code: 'recons', allOf: ['rules'] }}>
          <span>rules</span>
        </PrivilegeGuard>
      </WithAccess>,
    );
    expect(screen.getByText('plans')).toBeTruthy();
    expect(screen.queryByText('rules')).toBeNull();
  });

  it("narrows to a pipeline's grants unless the map allows all", () => {
    const byPipeline = { 4: ['fileUpload'] };
    render(
      <WithAccess codes={['fileUpload', 'rollbackHistory']}>
        <PrivilegeGuard
          rule={{ code: 'fileUpload' }}
          pipeline={{ id: 4, privileges: { isAllowAll: false, byPipeline } }}
        >
          <span>upload to 4</span>
        </PrivilegeGuard>
        <PrivilegeGuard
          rule={{ code: 'fileUpload' }}
          pipeline={{ id: 5, privileges: { isAllowAll: false, byPipeline } }}
        >
          <span>upload to 5</span>
        </PrivilegeGuard>
        <PrivilegeGuard rule={{ code: 'rollbackHistory' }} pipeline={{ id: 5, privileges: { isAllowAll: true } }}>
          <span>rollbacks of 5</span>
        </PrivilegeGuard>
      </WithAccess>,
    );
    expect(screen.getByText('upload to 4')).toBeTruthy();
    expect(screen.queryByText('upload to 5')).toBeNull();
    expect(screen.getByText('rollbacks of 5')).toBeTruthy();
  });
});
