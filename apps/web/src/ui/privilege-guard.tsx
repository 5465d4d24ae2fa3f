import { hasPrivilege, type PrivilegeRule } from '@recon/contract/privileges';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useAccess } from '@/lib/access-context';

/** Privileges granted per pipeline: every one (allow-all), or pipeline id → the codes allowed on it. */
export type PipelinePrivileges =
  | { isAllowAll: true }
  | { isAllowAll: false; byPipeline: Readonly<Record<number, readonly string[]>> };

/** The user's privileges, narrowed to one pipeline's grants when a pipeline map applies. */
export function heldForPipeline(
  held: ReadonlySet<string>,
  pipeline?: { id: number; privileges: PipelinePrivileges },
): ReadonlySet<string> {
  if (!pipeline || pipeline.privileges.isAllowAll) return held;
  const allowed = new Set(pipeline.privileges.byPipeline[pipeline.id] ?? []);
  return new Set([...held].filter((code) => allowed.has(code)));
}

type Props = {
  rule?: PrivilegeRule;
  /** Hide the content (default) or show it disabled when the privilege is missing. */
  mode?: 'hide' | 'disable';
  pipeline?: { id: number; privileges: PipelinePrivileges };
  children: ReactNode;
};

/** Shows its content only to holders of a privilege (no code passes), or disables it for the others. */
export function PrivilegeGuard({ rule, mode = 'hide', pipeline, children }: Props) {
  const { held } = useAccess();
  if (hasPrivilege(heldForPipeline(held, pipeline), rule)) return children;
  if (mode === 'hide') return null;
  return <ConfigProvider componentDisabled>{children}</ConfigProvider>;
}
