import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from '@recon/contract';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createElement } from 'react';

/** One fixed key: a second error while one is showing is not stacked on top of it. */
export const ERROR_TOAST_KEY = 'global-error-toast';

type NotificationApi = Pick<NotificationInstance, 'error' | 'success' | 'destroy'>;
type Pending = (api: NotificationApi) => void;

/*
 * The notification component is not part of the first load: the app mounts it lazily and binds it here.
 * A toast asked for before that (rare: the very first call failing) waits in a queue.
 */
let boundApi: NotificationApi | null = null;
const pending: Pending[] = [];
let isErrorToastShowing = false;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;

function withApi(show: Pending): void {
  if (boundApi) show(boundApi);
  else pending.push(show);
}

/** Binds the themed notification API; pass null when its host unmounts. */
export function bindNotificationApi(api: NotificationApi | null): void {
  boundApi = api;
  if (!api) return;
  for (const show of pending.splice(0)) show(api);
}

function releaseErrorToast(): void {
  isErrorToastShowing = false;
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = undefined;
}

/**
 * Shows the error toast (bottom left, 10 s) unless one is already showing. Several messages (a 400's
 * field errors) share the one toast, one line each. Answers whether a toast was shown.
 */
export function showErrorToast(messages: readonly string[]): boolean {
  const lines = messages.filter((m) => m.trim().length > 0);
  if (isErrorToastShowing || lines.length === 0) return false;
  isErrorToastShowing = true;
  // onClose is the normal release; the timer covers a notice removed without it (destroyed on logout).
  releaseTimer = setTimeout(releaseErrorToast, TOAST_ERROR_DURATION_MS + 500);
  const [first, ...rest] = lines;
  const description =
    rest.length > 0
      ? createElement('div', null, ...rest.map((line) => createElement('div', { key: line }, line)))
      : undefined;
  withApi((api) =>
    api.error({
      key: ERROR_TOAST_KEY,
      title: first,
      description,
      placement: 'bottomLeft',
      duration: TOAST_ERROR_DURATION_MS / 1000,
      onClose: releaseErrorToast,
    }),
  );
  return true;
}

export function closeErrorToast(): void {
  boundApi?.destroy(ERROR_TOAST_KEY);
  releaseErrorToast();
}

/** Success toast: top right, 2.5 s. */
export function showSuccessToast(text: string): void {
  withApi((api) => api.success({ title: text, placement: 'topRight', duration: TOAST_DURATION_MS / 1000 }));
}
