import type { SystemGroup } from '../system-group.ts';

/** The empty-state icons of spec reports §2; 'no-icon' shows the message alone. */
export const EMPTY_STATE_ICONS = ['tank', 'event', 'list', 'empty-state', 'no-icon', 'printer-not-reported'] as const;
export type EmptyStateIcon = (typeof EMPTY_STATE_ICONS)[number];

/** Why a panel has nothing to show: no systems are selected, or the selected ones have no data for the period. */
export type EmptyReason = 'nothingSelected' | 'noData';

/** What a panel shows instead of its content: one message and one icon. */
export interface EmptyState {
  message: string;
  icon: EmptyStateIcon;
}

/** An empty state as a layout writes it: a message and an icon, with other icons for some system groups. */
export interface EmptyStateRule extends EmptyState {
  /** Icon per system group where it differs from `icon` (Apollo's list icon for 'Nothing Was Selected'). */
  groupIcons?: Partial<Record<SystemGroup, EmptyStateIcon>>;
}

/** A report's empty states (layout `rules.emptyStates`); an absent one is the built-in default. */
export type EmptyStateRules = Partial<Record<EmptyReason, EmptyStateRule>>;

/**
 * Spec reports §2: 'Nothing Was Selected' with a list icon for Apollo, otherwise the empty-state icon; by default,
 * the message that there is no data for this period with the empty-state icon.
 */
export const DEFAULT_EMPTY_STATES: Record<EmptyReason, EmptyStateRule> = {
  nothingSelected: { message: 'Nothing Was Selected', icon: 'empty-state', groupIcons: { Apollo: 'list' } },
  noData: { message: 'No data for this period', icon: 'empty-state' },
};

/**
 * The empty state a panel shows for `group`. No data: the panel's own empty state (an ink table's tank icon),
 * else the report's, else the default. Nothing selected is about the whole report: the report's or the default.
 */
export function resolveEmptyState(
  reason: EmptyReason,
  group: SystemGroup,
  rules: { report?: EmptyStateRules | undefined; panel?: EmptyStateRule | undefined } = {},
): EmptyState {
  const panelRule = reason === 'noData' ? rules.panel : undefined;
  const rule = panelRule ?? rules.report?.[reason] ?? DEFAULT_EMPTY_STATES[reason];
  return { message: rule.message, icon: rule.groupIcons?.[group] ?? rule.icon };
}
