import type { SystemGroup } from './system-group.ts';

/**
 * The printer picture shown for a system (system page card, machine config device): one per group, served from
 * public/images/printers/.
 */
const PRINTER_IMAGES: Record<SystemGroup, string> = {
  DTG: '/images/printers/dtg.svg',
  DTF: '/images/printers/dtf.svg',
  Apollo: '/images/printers/apollo.svg',
};

export function printerImageOf(group: SystemGroup): string {
  return PRINTER_IMAGES[group];
}
