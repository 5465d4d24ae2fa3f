import { existsSync } from 'node:fs';

/**
 * The Chromium the journeys run in: CHROMIUM_PATH, else the Debian package, else the Chromium shipped in
 * the @sparticuz/chromium npm package (so a fresh machine needs no apt step and no browser download).
 */
export async function resolveChromium(): Promise<{ executablePath: string; args: string[] }> {
  const quiet = [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ];
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return { executablePath: fromEnv, args: ['--no-sandbox', ...quiet] };
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', ...quiet] };
  const { default: sparticuz } = await import('@sparticuz/chromium');
  // Lambda-only flags: single-process mode dies with the first closed context; the security ones we never want.
  const unsafe = new Set([
    '--single-process',
    '--no-zygote',
    '--disable-web-security',
    '--allow-running-insecure-content',
    '--disable-site-isolation-trials',
  ]);
  return {
    executablePath: await sparticuz.executablePath(),
    args: [...sparticuz.args.filter((a) => !unsafe.has(a) && !a.startsWith('--headless')), ...quiet],
  };
}
