import { AxiosError, type AxiosResponse, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, errorMessagesFor, httpStatusOf, SessionEndedError } from '@/lib/http-errors';

function failed(status: number, data: unknown): AxiosError {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
}

describe('error catalogue', () => {
  it("shows each field error's defaultMessage when a 400 lists field errors", async () => {
    const error = failed(400, {
      message: 'Validation failed',
      errors: [
        { field: 'name', defaultMessage: 'Name is Required' },
        { field: 'userIds', defaultMessage: 'Minimum 1 User is required' },
      ],
    });
    expect(await errorMessagesFor(error)).toEqual(['Name is Required', 'Minimum 1 User is required']);
  });

  it('shows every message when a 400 body is a list', async () => {
    const error = failed(400, [
      { message: 'Invalid user name or password', code: 'BAD_CREDENTIALS' },
      { message: 'Account locked', code: 'ACCOUNT_LOCKED' },
    ]);
    expect(await errorMessagesFor(error)).toEqual(['Invalid user name or password', 'Account locked']);
  });

  it('reads the messages of a 400 answered as a blob', async () => {
    const blob = new Blob([JSON.stringify([{ message: 'File is empty', code: 'VALIDATION' }])], {
      type: 'application/json',
    });
    expect(await errorMessagesFor(failed(400, blob))).toEqual(['File is empty']);
  });

  it('shows the body message when a 400 has neither field errors nor a list', async () => {
    expect(await errorMessagesFor(failed(400, { message: 'OTP is required' }))).toEqual(['OTP is required']);
  });

  it('shows nothing for a 401, which the refresh flow handles', async () => {
    expect(await errorMessagesFor(failed(401, [{ message: 'expired', code: 'TOKEN_EXPIRED' }]))).toEqual([]);
  });

  it('shows nothing for a 403', async () => {
    expect(await errorMessagesFor(failed(403, [{ message: 'Forbidden', code: 'FORBIDDEN' }]))).toEqual([]);
  });

  it("shows a 404's first message, or Resource not found without one", async () => {
    expect(await errorMessagesFor(failed(404, [{ message: 'Module 9 not found', code: 'NOT_FOUND' }]))).toEqual([
      'Module 9 not found',
    ]);
    expect(await errorMessagesFor(failed(404, ''))).toEqual(['Resource not found']);
  });

  it('shows the technical error text for a 500, whatever the body says', async () => {
    expect(await errorMessagesFor(failed(500, [{ message: 'NullPointer', code: 'INTERNAL' }]))).toEqual([
      'Technical server error. Please contact support',
    ]);
  });

  it('shows the network text when no answer came back (status 0)', async () => {
    const error = new AxiosError('Network Error', 'ERR_NETWORK', { headers: {} } as InternalAxiosRequestConfig);
    expect(httpStatusOf(error)).toBe(0);
    expect(await errorMessagesFor(error)).toEqual(['Network Error, Pls try after some time']);
  });

  it('shows Something went wrong for any other status', async () => {
    expect(await errorMessagesFor(failed(409, [{ message: 'Taken', code: 'CONFLICT' }]))).toEqual([
      'Something went wrong',
    ]);
    expect(await errorMessagesFor(failed(502, ''))).toEqual([ERROR_TEXTS.other]);
  });

  it('shows nothing for a cancelled call or an ended session', async () => {
    expect(await errorMessagesFor(new CanceledError('no_token'))).toEqual([]);
    expect(await errorMessagesFor(new SessionEndedError('gone'))).toEqual([]);
  });

  it('shows the generic label for a failure that is not an HTTP answer', async () => {
    expect(await errorMessagesFor(new Error('schema mismatch'))).toEqual(['Some Error Occured!']);
  });
});
