import { addModule, addUser, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

const ROLE_BY_KIND = {
  operator: 'ROLE_OPERATOR',
  checker: 'ROLE_CHECKER',
  support: 'ROLE_SUPPORT',
} as const;
type UserKind = keyof typeof ROLE_BY_KIND;

export type ModuleWorld<K extends UserKind> = { moduleId: number; otherModule: number; admin: Session } & Record<
  K,
  Session
>;

/**
 * The module a test file works in ("<Name> module") and another one ("Other <name> module") to prove isolation;
 * `<name>-admin` is an admin of both, and `<name>-<kind>` one user of each kind given, in the first only. All are
 * signed in.
 */
export async function addModuleWorld<K extends UserKind>(
  t: TestApp,
  name: string,
  kinds: readonly K[],
): Promise<ModuleWorld<K>> {
  const moduleId = await addModule(t, `${name[0]?.toUpperCase()}${name.slice(1)} module`);
  const otherModule = await addModule(t, `Other ${name} module`);
  await addUser(t, { userName: `${name}-admin`, roles: ['ROLE_ADMIN'], moduleIds: [moduleId, otherModule] });
  for (const kind of kinds) {
    await addUser(t, { userName: `${name}-${kind}`, roles: [ROLE_BY_KIND[kind]], moduleIds: [moduleId] });
  }
  const sessions: Record<string, Session> = { admin: await signIn(t, `${name}-admin`) };
  for (const kind of kinds) sessions[kind] = await signIn(t, `${name}-${kind}`);
  return { moduleId, otherModule, ...sessions } as ModuleWorld<K>;
}
