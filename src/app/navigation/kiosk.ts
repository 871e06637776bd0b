import { useSearchParams } from 'react-router';

/** The URL key of kiosk mode (as Grafana's `?kiosk`): any report without the shell and the filter bar. */
export const KIOSK_PARAM = 'kiosk';

/** Whether the page is shown in kiosk mode: `?kiosk` (any value but 'false' and '0'). */
export function isKiosk(params: URLSearchParams): boolean {
  const value = params.get(KIOSK_PARAM);
  return value !== null && value !== 'false' && value !== '0';
}

export function useKiosk(): boolean {
  const [params] = useSearchParams();
  return isKiosk(params);
}
