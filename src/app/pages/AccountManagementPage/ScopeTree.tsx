import { useMemo, type JSX } from 'react';
import { Tree, type TreeTogglerTemplateOptions } from 'primereact/tree';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from 'primereact/treenode';
import {
  checkboxSelectionOf,
  checkedKeysOf,
  checkedKeysOfSelection,
  scopeIdsOf,
  type CheckboxSelection,
  type ScopeIds,
  type ScopeNode,
} from './scope-tree.model.ts';

export interface ScopeTreeProps {
  tree: readonly ScopeNode[];
  value: ScopeIds;
  onChange: (ids: ScopeIds) => void;
  labelledBy: string;
  /** Which checked parents the admin may save as a whole (scope-tree.model.ts grantableWithin). */
  grantable: (node: ScopeNode, ancestors: readonly ScopeNode[]) => boolean;
}

const ICONS = { customer: 'pi pi-building', site: 'pi pi-map-marker', system: 'pi pi-print' } as const;

function treeNodesOf(nodes: readonly ScopeNode[]): TreeNode[] {
  return nodes.map((node) => ({
    key: node.key,
    label: node.label,
    icon: ICONS[node.kind],
    children: treeNodesOf(node.children),
    leaf: node.children.length === 0,
  }));
}

/** The scope chooser (spec shell §3): customers → sites → systems with checkboxes; a parent covers its children. */
export function ScopeTree({ tree, value, onChange, labelledBy, grantable }: ScopeTreeProps): JSX.Element {
  const { t } = useTranslation();
  // PrimeReact's toggler has no name; this one says what it opens (and is kept out of the tab order like the original,
  // the tree's arrow keys open and close nodes).
  const toggler = (node: TreeNode, options: TreeTogglerTemplateOptions) => (
    <button
      type="button"
      tabIndex={-1}
      className={options.containerClassName}
      aria-label={t(options.expanded ? 'accounts.modal.collapse' : 'accounts.modal.expand', { name: node.label })}
      aria-expanded={options.expanded}
      onClick={options.onClick}
    >
      <i className={`pi ${options.expanded ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-hidden="true" />
    </button>
  );
  const nodes = useMemo(() => treeNodesOf(tree), [tree]);
  const selection = useMemo(() => checkboxSelectionOf(checkedKeysOf(value, tree), tree), [value, tree]);
  return (
    <Tree
      value={nodes}
      selectionMode="checkbox"
      selectionKeys={selection}
      onSelectionChange={(event) =>
        onChange(scopeIdsOf(checkedKeysOfSelection((event.value ?? {}) as CheckboxSelection), tree, grantable))
      }
      togglerTemplate={toggler}
      // The node (role treeitem, aria-checked) is what is announced and chosen; its inner, unlabelled and untabbable
      // checkbox input would be a second, nameless control. The node is named by its content: PrimeReact's aria-label
      // (its own label only) would leave out the visible names of an opened node's children (WCAG 2.5.3).
      pt={{ nodeCheckbox: { 'aria-hidden': true }, node: { 'aria-label': undefined } }}
      filter
      filterPlaceholder={t('accounts.modal.scopeFilter')}
      filterMode="lenient"
      className="user-form__tree"
      aria-labelledby={labelledBy}
    />
  );
}
