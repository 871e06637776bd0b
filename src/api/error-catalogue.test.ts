import { describe, expect, it } from 'vitest';
import { catalogueMessage, customErrorCode, failureNotification } from './error-catalogue.ts';

const http = (status: number, body = '') => ({ kind: 'http', status, body }) as const;

describe('error catalogue (spec shell §8)', () => {
  it.each([
    [400, 'Invalid data received by server, please open support request'],
    [401, 'This user is not logged in properly, try logging out and then log in again'],
    [403, 'User is forbidden to access this functionality'],
    [404, 'Cannot find the specified data, please open support request'],
    [409, 'Changes cannot be saved, please refresh the web page and try again'],
    [405, 'Error while trying to access the server, please try again or open support request'],
    [422, 'Error while trying to access the server, please try again or open support request'],
  ])('maps HTTP %i to its message', (status, message) => {
    expect(catalogueMessage(http(status))).toBe(message);
  });

  it('maps a network error to the connection message', () => {
    expect(catalogueMessage({ kind: 'network' })).toBe('Cannot connect to the server, please wait and try again');
  });

  it('maps a 5xx body starting CODE:1000 to the custom message', () => {
    expect(catalogueMessage(http(500, 'CODE:1000'))).toBe(
      'Cannot create user with the specified email, please choose another email or open support request',
    );
    expect(catalogueMessage(http(503, '{"statusCode":503,"error":"x","message":"y","code":"1000"}'))).toBe(
      'Cannot create user with the specified email, please choose another email or open support request',
    );
  });

  it('gives the unknown message for other codes and plain 5xx answers', () => {
    const unknown = 'Error while trying to access the server, please try again or open support request';
    expect(catalogueMessage(http(500, 'CODE:4242'))).toBe(unknown);
    expect(catalogueMessage(http(502, '<html>Bad gateway</html>'))).toBe(unknown);
  });

  it('is silent for 429, cancelled requests and requests never sent', () => {
    expect(catalogueMessage(http(429))).toBeNull();
    expect(failureNotification(http(429))).toBeNull();
    expect(failureNotification({ kind: 'cancelled' })).toBeNull();
    expect(failureNotification({ kind: 'signed-out' })).toBeNull();
  });

  it("prefixes failed-request notifications with 'API: '", () => {
    expect(failureNotification(http(403))).toBe('API: User is forbidden to access this functionality');
    expect(failureNotification({ kind: 'network' })).toBe(
      'API: Cannot connect to the server, please wait and try again',
    );
  });

  it('reads custom codes only from CODE: bodies and JSON code fields', () => {
    expect(customErrorCode('CODE: 1000 duplicate e-mail')).toBe('1000');
    expect(customErrorCode('{"code":1000}')).toBe('1000');
    expect(customErrorCode('Internal Server Error')).toBeNull();
    expect(customErrorCode('{not json')).toBeNull();
  });
});
