import { createDb, createPool } from '@recon/db';
import { loadConfig } from '@/config.ts';
import { rotateSecrets } from '@/features/integrations/secrets-rotation.ts';
import { createSecretBox } from '@/lib/secrets.ts';
import { reachDatabase } from '@/reach-database.ts';

/**
 * `npm run secrets:rotate` (decision 0021): after SECRETS_KEY is set to a new key and the old one moved to
 * SECRETS_PREVIOUS_KEYS, re-seals every stored secret with the new key and prints how many. Then the old key can go.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const box = createSecretBox(config.secretsKey, config.secretsPreviousKeys);
  const { url, embedded } = await reachDatabase(config);
  const db = createDb(createPool(url, { max: 2 }));
  try {
    const counts = await rotateSecrets(db, box);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`secrets sealed with key ${box.keyId}: ${total} re-sealed now`);
    return 0;
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
