import type { PrivilegeRule } from '@recon/contract/privileges';
import type { ComponentType } from 'react';

/**
 * One built page of the shell. `path` is the full path (it may hold `:params`). A page at a navigation
 * leaf takes the leaf's privilege; any other page (create, edit, view…) must name its own.
 */
export type PageRoute = { path: string; component: ComponentType; privilege?: PrivilegeRule };
