import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import pg from 'pg';
import { E2E_PORT } from './env.ts';

/**
 * The mail the server sent: the default notifier writes each message to the `outbox` table of the embedded database
 * (no SMTP in the journeys). Read as the app role, with the password the server keeps in its data directory.
 */
async function latestMail(recipient: string): Promise<{ subject: string; body: string } | undefined> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const password = readFileSync(join(dataDir, 'pg-app-password'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://recon_app:${encodeURIComponent(password)}@127.0.0.1:${E2E_PORT + 40_000}/recon`,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ subject: string; body: string }>(
      "SELECT subject, body FROM outbox WHERE channel = 'EMAIL' AND recipient = $1 ORDER BY id DESC LIMIT 1",
      [recipient],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** The link of the latest mail to `recipient` (as the user would click it), waiting for the mail to arrive. */
export async function linkInMail(recipient: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await latestMail(recipient))?.body.match(pattern)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}
