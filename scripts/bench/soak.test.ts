import { describe, expect, it } from 'vitest';
import { soakCalls } from './soak.ts';

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
