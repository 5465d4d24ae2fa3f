import type { Db } from '@recon/db';
import type { Config } from '@/config.ts';
import type { Notifier } from '@/lib/notifier.ts';
import type { PrincipalStore } from '@/lib/principal.ts';
import type { SecretBox } from '@/lib/secrets.ts';
import type { TokenService } from '@/lib/tokens.ts';

/** What buildApp needs from the process: configuration, the database, and the outside-world adapters. */
export type AppDeps = {
  config: Config;
  db: Db;
  notifier?: Notifier;
  /** Injected in tests to move time. */
  now?: () => Date;
};

/** What every feature receives: the deps plus the services built once per app. */
export type FeatureContext = {
  config: Config;
  db: Db;
  notifier: Notifier;
  now: () => Date;
  tokens: TokenService;
  principals: PrincipalStore;
  /** Seals and opens stored secrets (decision 0021). */
  secrets: SecretBox;
};
