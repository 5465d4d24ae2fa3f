import type { AxiosError } from 'axios';

/*
 * Structural checks instead of axios' helpers: this module is part of the first load (the query client
 * uses it) and importing axios here would pull the whole HTTP client into it.
 */
export function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** axios marks its cancellations (CanceledError) with __CANCEL__. */
export function isCancel(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true;
}

/** The texts of the spec's error catalogue (section 8). */
export const ERROR_TEXTS = {
  notFound: 'Resource not found',
  server: 'Technical server error. Please contact support',
  network: 'Network Error, Pls try after some time',
  other: 'Something went wrong',
  generic: 'Some Error Occured!',
} as const;

/**
 * The session has ended (refresh refused or impossible) and the user is being sent to /login: the
 * calls that were waiting on the refresh fail with this, and nothing more is shown for them.
 */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

/** 0 when no answer came back (network failure, exhausted retries); null for a cancelled call or a non-HTTP error. */
export function httpStatusOf(error: unknown): number | null {
  if (isCancel(error) || !isAxiosError(error)) return null;
  return error.response?.status ?? 0;
}

function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  // Older engines (and jsdom) only read blobs through FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Download calls ask for blobs, so their error bodies arrive as blobs holding JSON. */
async function readBody(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await blobText(data)) as unknown;
    } catch {
      return undefined;
    }
  }
  return data;
}

function messageOf(item: unknown): string | undefined {
  if (item && typeof item === 'object' && 'message' in item && typeof item.message === 'string') return item.message;
  return undefined;
}

function fieldMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors
    .map((e: unknown) =>
      e && typeof e === 'object' && 'defaultMessage' in e && typeof e.defaultMessage === 'string'
        ? e.defaultMessage
        : '',
    )
    .filter((m: string) => m.length > 0);
}

function listMessages(body: unknown): string[] {
  return Array.isArray(body) ? body.map(messageOf).filter((m): m is string => Boolean(m)) : [];
}

/** The body of a failed call's answer, if there was an answer. */
export function errorBodyOf(error: unknown): unknown {
  return isAxiosError(error) ? error.response?.data : undefined;
}

/** The server's first message in an error body (a list or an object), if any. */
export function firstServerMessage(body: unknown): string | undefined {
  return listMessages(body)[0] ?? messageOf(body);
}

/**
 * What the user is told about a failed call, per the catalogue: 400 field errors / list messages /
 * body message; 401 nothing (the refresh flow handles it); 403 nothing; 404 the first message or
 * "Resource not found"; 500 and network failures fixed texts; anything else "Something went wrong".
 */
export async function errorMessagesFor(error: unknown): Promise<string[]> {
  if (isCancel(error) || error instanceof SessionEndedError) return [];
  if (!isAxiosError(error)) return [ERROR_TEXTS.generic];
  const status = error.response?.status ?? 0;
  const body = await readBody(error.response?.data);
  switch (status) {
    case 0:
      return [ERROR_TEXTS.network];
    case 400: {
      const fields = fieldMessages(body);
      if (fields.length > 0) return fields;
      const list = listMessages(body);
      if (list.length > 0) return list;
      return [messageOf(body) ?? ERROR_TEXTS.other];
    }
    case 401:
    case 403:
      return [];
    case 404:
      return [firstServerMessage(body) ?? ERROR_TEXTS.notFound];
    case 500:
      return [ERROR_TEXTS.server];
    default:
      return [ERROR_TEXTS.other];
  }
}
