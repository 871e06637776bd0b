import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody } from '../shared/api-types.ts';

/** An error that becomes the uniform API error body with its status code. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: string | undefined;

  constructor(statusCode: number, message: string, code?: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export function errorBody(statusCode: number, message: string, code?: string): ApiErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(code === undefined ? {} : { code }) };
}
