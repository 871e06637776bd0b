import { describe, expect, it } from 'vitest';
import { sendLikeTheSpa, soakCalls, type Attempt } from './soak.ts';

describe('soakCalls', () => {
  const calls = soakCalls('2026-11-27');
  const share = (page: string) => calls.filter((call) => call.page === page).length / calls.length;

  it('sends the Overview calls half of the time and Jobs Analysis and the system page a quarter each', () => {
    expect(share('overview')).toBeCloseTo(0.5, 1);
    expect(share('jobs')).toBeCloseTo(0.25, 1);
    expect(share('system page')).toBeCloseTo(0.25, 1);
  });

  it('asks every page for the last complete day or a period around it, POSTing the selection where the page does', () => {
    for (const call of calls) {
      expect(call.path).toMatch(/(day|week|quarter)=2026-11-27&/);
      expect(call.method === 'POST').toBe(call.body !== undefined);
    }
    expect(new Set(calls.filter((call) => call.page === 'overview').map((call) => call.path)).size).toBeGreaterThan(8);
  });
});

describe('sendLikeTheSpa', () => {
  const attempts = (...results: Attempt[]) => {
    const sent: Attempt[] = [];
    return {
      sent,
      attempt: async () => {
        const next = results[sent.length] ?? { failure: 'no more attempts scripted', answered: false };
        sent.push(next);
        return next;
      },
    };
  };

  it('sends a call whose first attempt got no answer once more, and counts it as retried', async () => {
    const answeredSecond = attempts({ failure: 'ECONNRESET', answered: false }, { failure: null, answered: true });
    await expect(sendLikeTheSpa(answeredSecond.attempt)).resolves.toEqual({ failure: null, retried: true });
    const failedTwice = attempts(
      { failure: 'ECONNRESET', answered: false },
      { failure: 'ECONNREFUSED', answered: false },
    );
    await expect(sendLikeTheSpa(failedTwice.attempt)).resolves.toEqual({ failure: 'ECONNREFUSED', retried: true });
    expect(failedTwice.sent).toHaveLength(2);
  });

  it('sends once what was answered (any status, or a reset after the headers) and what timed out', async () => {
    for (const first of [
      { failure: null, answered: true },
      { failure: 'HTTP 503', answered: true },
      { failure: 'ECONNRESET', answered: true },
      { failure: 'TIMEOUT', answered: false },
    ]) {
      const once = attempts(first, { failure: null, answered: true });
      await expect(sendLikeTheSpa(once.attempt)).resolves.toEqual({ failure: first.failure, retried: false });
      expect(once.sent).toHaveLength(1);
    }
  });
});
