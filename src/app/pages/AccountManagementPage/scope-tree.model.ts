import type { ScopeData } from '../../../api/scope-data.ts';

/**
 * The scope tree of the user form (spec shell §3 "Scope hierarchy"): customers → sites → systems (by serial number).
 * A checked parent covers its children, so the ids saved are the highest fully checked nodes; no check at all means
 * everything the user may access.
 */

/** A user's scope as the save payload carries it: all three empty means everything. */
export interface ScopeIds {
  customerIds: string[];
  siteIds: string[];
  systemIds: string[];
}

export const EVERYTHING: ScopeIds = { customerIds: [], siteIds: [], systemIds: [] };

export type ScopeKind = 'customer' | 'site' | 'system';

export interface ScopeNode {
  /** Unique across kinds: `customer:<id>`, `site:<id>`, `system:<id>`. */
  key: string;
  kind: ScopeKind;
  id: string;
  label: string;
  children: ScopeNode[];
}

const keyOf = (kind: ScopeKind, id: string) => `${kind}:${id}`;

/**
 * The tree of the lists the admin may see. A site whose customer is not listed, or a system whose site is not, hangs
 * one level up (under the customer, else at the root), so every listed item can be chosen.
 */
export function buildScopeTree({ customers, sites, systems }: ScopeData): ScopeNode[] {
  const siteNodes = new Map<string, ScopeNode>();
  const customerNodes = new Map<string, ScopeNode>();
  const roots: ScopeNode[] = [];
  for (const customer of customers) {
    const node: ScopeNode = {
      key: keyOf('customer', customer.id),
      kind: 'customer',
      id: customer.id,
      label: customer.name,
      children: [],
    };
    customerNodes.set(customer.id, node);
    roots.push(node);
  }
  for (const site of sites) {
    const node: ScopeNode = { key: keyOf('site', site.id), kind: 'site', id: site.id, label: site.name, children: [] };
    siteNodes.set(site.id, node);
    (customerNodes.get(site.customerId)?.children ?? roots).push(node);
  }
  for (const system of systems) {
    const node: ScopeNode = {
      key: keyOf('system', system.id),
      kind: 'system',
      id: system.id,
      label: system.serialNumber,
      children: [],
    };
    (siteNodes.get(system.siteId)?.children ?? customerNodes.get(system.customerId)?.children ?? roots).push(node);
  }
  return roots;
}

function walk(nodes: readonly ScopeNode[], visit: (node: ScopeNode) => void): void {
  for (const node of nodes) {
    visit(node);
    walk(node.children, visit);
  }
}

/**
 * Every node the ids check: the chosen nodes, all their descendants, and a parent all of whose children are checked
 * (as the tree's checkboxes show it).
 */
export function checkedKeysOf(ids: ScopeIds, tree: readonly ScopeNode[]): Set<string> {
  const chosen = new Set([
    ...ids.customerIds.map((id) => keyOf('customer', id)),
    ...ids.siteIds.map((id) => keyOf('site', id)),
    ...ids.systemIds.map((id) => keyOf('system', id)),
  ]);
  const checked = new Set<string>();
  /** Marks the nodes and answers whether all of them are checked. */
  const mark = (nodes: readonly ScopeNode[], covered: boolean): boolean => {
    let all = true;
    for (const node of nodes) {
      const isChosen = covered || chosen.has(node.key);
      const childrenChecked = mark(node.children, isChosen);
      const isChecked = isChosen || (node.children.length > 0 && childrenChecked);
      if (isChecked) checked.add(node.key);
      else all = false;
    }
    return all;
  };
  mark(tree, false);
  return checked;
}

/** Whether the admin may grant a node as a whole: their own scope covers it (spec shell §6, issue #28). */
export function grantableWithin(
  adminScope: ScopeIds | null,
): (node: ScopeNode, ancestors: readonly ScopeNode[]) => boolean {
  if (adminScope === null) return (node) => node.kind === 'system';
  if (isEverything(adminScope)) return () => true;
  const held = new Set([
    ...adminScope.customerIds.map((id) => keyOf('customer', id)),
    ...adminScope.siteIds.map((id) => keyOf('site', id)),
    ...adminScope.systemIds.map((id) => keyOf('system', id)),
  ]);
  return (node, ancestors) => held.has(node.key) || ancestors.some((ancestor) => held.has(ancestor.key));
}

/**
 * The ids to save for a set of checked nodes: a node checked with all its children stands for them, where the admin
 * may grant it as a whole (`grantable`; a restricted admin's site of systems they hold only some of stays a list
 * of those systems).
 */
export function scopeIdsOf(
  checked: ReadonlySet<string>,
  tree: readonly ScopeNode[],
  grantable: (node: ScopeNode, ancestors: readonly ScopeNode[]) => boolean = () => true,
): ScopeIds {
  const ids: ScopeIds = { customerIds: [], siteIds: [], systemIds: [] };
  const fullyChecked = (node: ScopeNode): boolean =>
    node.children.length === 0 ? checked.has(node.key) : node.children.every(fullyChecked);
  const collect = (nodes: readonly ScopeNode[], ancestors: readonly ScopeNode[]) => {
    for (const node of nodes) {
      if (fullyChecked(node) && (node.children.length === 0 || grantable(node, ancestors))) {
        ids[`${node.kind}Ids`].push(node.id);
      } else {
        collect(node.children, [...ancestors, node]);
      }
    }
  };
  collect(tree, []);
  return ids;
}

/** PrimeReact Tree's checkbox selection: checked nodes, and partly checked parents. */
export type CheckboxSelection = Record<string, { checked: boolean; partialChecked: boolean }>;

export function checkboxSelectionOf(checked: ReadonlySet<string>, tree: readonly ScopeNode[]): CheckboxSelection {
  const selection: CheckboxSelection = {};
  walk(tree, (node) => {
    const descendants: string[] = [];
    walk(node.children, (child) => descendants.push(child.key));
    const isChecked = checked.has(node.key);
    const partial = !isChecked && descendants.some((key) => checked.has(key));
    if (isChecked || partial) selection[node.key] = { checked: isChecked, partialChecked: partial };
  });
  return selection;
}

/** The checked keys of a PrimeReact selection. */
export function checkedKeysOfSelection(selection: CheckboxSelection): Set<string> {
  return new Set(
    Object.entries(selection)
      .filter(([, state]) => state.checked)
      .map(([key]) => key),
  );
}

export const isEverything = (ids: ScopeIds) =>
  ids.customerIds.length === 0 && ids.siteIds.length === 0 && ids.systemIds.length === 0;
